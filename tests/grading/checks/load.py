"""Le chargement de la soumission, dit en français (ce qui a été retiré ou passé)."""

from __future__ import annotations

from .common import explain_error, where


def describe_load(info: dict | None, graded: list[str]) -> str:
    """Ce qu'il faut savoir du chargement du code, en français (vide si tout va bien).

    ``info`` est la réponse du processus de travail à son chargement ; ses listes
    ``dropped`` et ``skipped`` (voir ``grading/rescue.py``) disent quels passages ne
    se compilaient pas et quelles instructions auraient arrêté le chargement.
    """
    if info is None:
        return ""
    if info.get("hung"):
        return (
            "Le chargement de votre code ne se termine pas (une boucle sans fin au niveau "
            "du module ?) : aucune fonction n'a pu être notée."
        )
    if info.get("died"):
        return (
            "Votre code arrête Python pendant son chargement (un appel à os._exit au niveau "
            f"du module ?) : {info['died']}. Aucune fonction n'a pu être notée."
        )
    dropped = info.get("dropped") or []
    skipped = info.get("skipped") or []
    notes = []
    if info.get("first_load") == "hung":
        notes.append(
            "Le chargement de votre code ne se terminait pas (une boucle sans fin au niveau "
            "du module ?) : il a été refait avec les seules définitions."
        )
    elif info.get("first_load") == "died":
        notes.append(
            "Le chargement de votre code arrêtait Python (un appel à os._exit au niveau du "
            "module ?) : il a été refait avec les seules définitions."
        )
    elif info.get("first_load") == "channel":
        notes.append(
            "Le chargement de votre code écrivait sur le canal du correcteur (un descripteur "
            "de fichier qui n'est pas à lui) : il a été refait avec les seules définitions."
        )
    notes += [describe_dropped(part, graded) for part in dropped]
    explained = {name for part in dropped for name in part["functions"]}
    # Un « from .tp import f » qui échoue parce que f a été retirée (elle ne se compilait
    # pas) est déjà expliqué par le passage retiré.
    skipped = [part for part in skipped if part.get("name") not in explained]
    notes += [describe_skipped(part) for part in skipped]
    notebook = bool(info.get("notebook"))
    if any(part["type"] is not None for part in skipped):
        notes.append(f"Le reste du {'notebook' if notebook else 'fichier'} a été chargé et noté.")
    stopping = [part for part in skipped if part["type"] not in (None, *IMPORT_ERRORS)]
    if stopping and notebook:
        cells = sorted({part["cell"] for part in stopping if part.get("cell")})
        notes.append(NOTEBOOK_CALLS.format(calls=_calls(cells)))
    elif stopping:
        notes.append(
            "Le code à lancer quand on exécute le programme se place sous if __name__ == "
            '"__main__": (il ne s\'exécute pas quand le fichier est importé, par le '
            "correcteur ou par un autre module)."
        )
    if info.get("encoding"):
        notes.append(
            f"Votre fichier n'est pas enregistré en UTF-8 : il a été lu en {info['encoding']} "
            "(Windows). Enregistrez-le en UTF-8, l'encodage attendu par Python."
        )
    error = info.get("error")
    if error and error["type"] in ("SyntaxError", "IndentationError", "TabError"):
        notes.append(
            "Votre code ne se compile pas : " + explain_error(error) + "\n"
            "Aucune fonction de ce fichier n'a pu être notée."
        )
    elif error:
        notes.append(
            "Le chargement de votre code s'est arrêté sur une erreur : "
            + explain_error(error)
            + "\nSeules les fonctions définies avant cette erreur ont été notées."
        )
    input_explained = any(part["type"] == "EOFError" for part in skipped)
    if info.get("read_input") and not input_explained and notebook:
        notes.append(
            "Votre notebook lit l'entrée dès son chargement (une cellule appelle sans doute "
            "main()) : il a trouvé une entrée fermée. " + NOTEBOOK_CALLS.format(calls="cet appel")
        )
    elif info.get("read_input") and not input_explained:
        notes.append(
            "Votre code lit l'entrée dès son chargement (il appelle sans doute main()) : il a "
            'trouvé une entrée fermée. Protégez cet appel par if __name__ == "__main__":'
        )
    missing = [
        name for name in graded if name not in info.get("functions", []) and name not in explained
    ]
    if missing and info.get("ready", True):
        notes.append("Fonctions absentes de votre code : " + ", ".join(missing) + ".")
    return "\n".join(notes)


IMPORT_ERRORS = ("ImportError", "ModuleNotFoundError")
# Un notebook n'a pas de « if __name__ == "__main__": » : chaque cellule s'exécute quand le
# correcteur le charge.
NOTEBOOK_CALLS = (
    "Dans un notebook, le correcteur exécute chaque cellule en le chargeant, sans personne "
    "au clavier : avant de rendre votre notebook, retirez (ou mettez en commentaire) {calls}."
)


def _calls(cells: list[int]) -> str:
    """« l'appel de la cellule 7 », « les appels des cellules 7 et 9 »."""
    if not cells:
        return "ces appels"
    if len(cells) == 1:
        return f"l'appel de la cellule {cells[0]}"
    return f"les appels des cellules {', '.join(map(str, cells[:-1]))} et {cells[-1]}"


def _lines(first: int, last: int, cell: int | None = None) -> str:
    """« la ligne 3 », « les lignes 3 à 5 », et leur cellule dans un notebook."""
    lines = f"la ligne {first}" if first == last else f"les lignes {first} à {last}"
    return lines if cell is None else f"{lines} de la cellule {cell}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_dropped(part: dict, graded: list[str]) -> str:
    """Un passage retiré parce qu'il ne se compile pas : où, pourquoi, ce qu'il coûte.

    >>> print(describe_dropped({"file": "tp.py", "line": 3, "end": 5, "error_line": 4,
    ...     "text": "if x = 1:", "message": "syntaxe invalide", "functions": ["is_finished"]},
    ...     ["is_finished"]))
    Ligne 4 de tp.py, « if x = 1: » ne se compile pas : syntaxe invalide.
      Les lignes 3 à 5 (is_finished) ont été retirées avant la notation : is_finished n'a pas pu être notée.
    """  # noqa: E501
    lines = _lines(part["line"], part["end"], part.get("cell"))
    defined = f" ({', '.join(part['functions'])})" if part["functions"] else ""
    lost = [name for name in part["functions"] if name in graded]
    cost = ""
    if lost:
        verb = "n'a" if len(lost) == 1 else "n'ont"
        cost = f" : {', '.join(lost)} {verb} pas pu être notée{'s' if len(lost) > 1 else ''}"
    removed = "a été retirée" if part["line"] == part["end"] else "ont été retirées"
    place = where(part["file"], part["error_line"], part.get("cell"))
    return (
        f"{_capital(place)}, « {part['text']} » ne se compile pas : {part['message']}.\n"
        f"  {_capital(lines)}{defined} {removed} avant la notation{cost}."
    )


def describe_skipped(part: dict) -> str:
    """Une instruction du module passée au chargement, et pourquoi elle l'aurait arrêté."""
    place = _capital(where(part["file"], part["line"], part.get("cell")))
    where_text = f"{place}, « {part['text']} »"
    if part["type"] is None:
        return (
            f"{where_text} n'a pas été exécutée : seules les définitions (fonctions, imports, "
            "constantes) ont été chargées."
        )
    return (
        f"{where_text} n'a pas été exécutée : {part['message']} ; elle aurait arrêté le "
        "chargement du fichier."
    )
