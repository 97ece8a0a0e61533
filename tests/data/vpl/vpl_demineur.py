"""Préparer la notation ou le jeu du TP démineur dans Moodle VPL.

Un fichier d'exécution de l'activité, écrit par ``tests/tools/build_vpl.py``. Lancé par
``vpl_evaluate.sh`` (« Évaluer ») ou par ``vpl_run.sh`` (« Exécuter »), avant que VPL
n'efface les fichiers d'exécution et bien avant que le code de l'étudiant ne tourne :

- il reconstitue le paquet du correcteur à partir des fichiers ``correcteur-N.b64``
  et vérifie son empreinte ;
- ``evaluation`` : il installe le correcteur dans ``.demineur/``, que lui seul lit ;
  ``jeu`` : il installe le jeu du kit autour du ``tp.py`` de l'étudiant, sans
  correcteur ni secret ;
- il efface les fichiers ``correcteur-N.b64`` (qui contiennent le secret des cas),
  que l'enseignant les ait fait garder ou non ;
- il écrit ``vpl_execution``, le programme que VPL lance ensuite.

Quoi qu'il arrive, ``vpl_execution`` est écrit : s'il ne peut pas noter, il dit
pourquoi et donne la note minimale de l'activité.

Il n'utilise que la bibliothèque standard et se lit dès Python 3.6 : un Python trop
ancien pour le correcteur dit au moins qu'il l'est.
"""

import base64
import hashlib
import io
import os
import platform
import sys
import zipfile

# Rempli par build_vpl.py : les parties du paquet, son empreinte, le plus ancien Python
# qui peut le lire, les options de la notation.
BUNDLE = {
    "parts": [],
    "sha256": "",
    "python": [3, 10],
    "exact": False,
    "machine": "",
    "options": [],
}

GRADER = ".demineur"  # le correcteur (« Évaluer »)
GAME = "demineur_jeu"  # le jeu (« Exécuter »)
STUDENT_FILE = "tp.py"
EXECUTION = "vpl_execution"


class Unusable(Exception):
    """Le paquet ne peut pas servir (la phrase dit pourquoi)."""


def shell_quoted(text):
    return "'" + text.replace("'", "'\"'\"'") + "'"


def write_execution(lines):
    with open(EXECUTION, "w", encoding="utf-8") as file:
        file.write("#!/bin/bash\n" + "\n".join(lines) + "\n")
    os.chmod(EXECUTION, 0o700)


def refuse(reason):
    """vpl_execution dira pourquoi le rendu n'est pas noté et donnera la note minimale."""
    comment = ["<|--", "-Non noté", ">Le rendu n'a pas pu être noté : " + reason + ".", "--|>"]
    lines = [". ./vpl_environment.sh 2>/dev/null"]
    lines += ["echo " + shell_quoted(line) for line in comment]
    lines.append("LC_ALL=C printf 'Grade :=>>%.2f\\n' \"${VPL_GRADEMIN:-0}\"")
    write_execution(lines)


def tell(message):
    """vpl_execution affichera ce message (le jeu ne peut pas démarrer)."""
    write_execution(["echo " + shell_quoted(message)])


def unsuitable():
    """La phrase qui dit que ce Python ne peut pas lire le paquet, ou None : trop ancien ;
    ou, si le paquet emporte du code compilé, pas exactement le Python et la machine de sa
    construction."""
    found = "{}.{}".format(*sys.version_info[:2])
    needed = "{}.{}".format(*BUNDLE["python"])
    if BUNDLE["exact"]:
        here = f"Python {found} ({platform.machine()})"
        built = f"Python {needed} ({BUNDLE['machine']})"
        if here == built:
            return None
        return (
            f"le serveur d'exécution a {here}, mais le correcteur emporte du code compilé "
            f"pour {built} : il faut construire l'activité avec le Python du serveur"
        )
    if tuple(sys.version_info[:2]) >= tuple(BUNDLE["python"]):
        return None
    return f"le serveur d'exécution a Python {found}, il faut Python {needed} ou plus récent"


def bundle_bytes():
    """Le paquet, reconstitué à partir de ses parties et vérifié."""
    chunks = []
    for name in BUNDLE["parts"]:
        try:
            with open(name, "rb") as file:
                chunks.append(base64.b64decode(file.read()))
        except (OSError, ValueError):
            raise Unusable(
                f"le fichier d'exécution {name} manque ou est abîmé (prévenez votre "
                "enseignant : il faut déposer tous les fichiers écrits par "
                "build_vpl.py)"
            ) from None
    data = b"".join(chunks)
    if hashlib.sha256(data).hexdigest() != BUNDLE["sha256"]:
        raise Unusable(
            "les fichiers correcteur-N.b64 ne viennent pas du même build_vpl.py (prévenez "
            "votre enseignant : il faut déposer ensemble tous ceux d'une même construction)"
        )
    return data


def install(data, prefix, destination):
    """Écrit dans ``destination`` les fichiers du paquet rangés sous ``prefix/``."""
    os.mkdir(destination, 0o700)
    with zipfile.ZipFile(io.BytesIO(data)) as bundle:
        for info in bundle.infolist():
            if not info.filename.startswith(prefix + "/") or info.filename.endswith("/"):
                continue
            target = os.path.join(destination, info.filename[len(prefix) + 1 :])
            os.makedirs(os.path.dirname(target), 0o700, exist_ok=True)
            with open(target, "wb") as file:
                file.write(bundle.read(info))
            os.chmod(target, 0o700 if (info.external_attr >> 16) & 0o100 else 0o600)


def erase_parts():
    for name in BUNDLE["parts"]:
        try:
            os.remove(name)
        except OSError:
            pass


def prepare_evaluation():
    problem = unsuitable()
    if problem:
        refuse(problem + " (prévenez votre enseignant)")
        return
    try:
        install(bundle_bytes(), "correcteur", GRADER)
    except Unusable as error:
        refuse(str(error))
        return
    finally:
        erase_parts()
    program = os.path.join(GRADER, "tests", "tools", "grade_vpl.py")
    command = [sys.executable, "-I", program, "--domicile", "$PWD", *BUNDLE["options"]]
    words = [shell_quoted(word) if word != "$PWD" else '"$PWD"' for word in command]
    write_execution([". ./vpl_environment.sh 2>/dev/null", "exec " + " ".join(words)])


def prepare_game():
    problem = unsuitable()
    if problem:
        erase_parts()
        tell("Le jeu ne peut pas démarrer : " + problem + " (prévenez votre enseignant).")
        return
    try:
        install(bundle_bytes(), "jeu", GAME)
    except Unusable as error:
        tell("Le jeu ne peut pas démarrer : " + str(error) + ".")
        return
    finally:
        erase_parts()
    if not os.path.isfile(STUDENT_FILE):
        tell("Le jeu ne peut pas démarrer : votre rendu n'a pas de fichier tp.py.")
        return
    with open(STUDENT_FILE, "rb") as source:
        code = source.read()
    with open(os.path.join(GAME, "tp_demineur", STUDENT_FILE), "wb") as copy:
        copy.write(code)
    run = [shell_quoted(sys.executable), "-m", "tp_demineur", '"$@"']
    write_execution(["cd " + GAME, "exec " + " ".join(run)])


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    try:
        if mode == "evaluation":
            prepare_evaluation()
        elif mode == "jeu":
            prepare_game()
        else:
            sys.exit("usage : python3 vpl_demineur.py evaluation|jeu")
    except Exception as error:
        erase_parts()
        reason = f"la préparation s'est arrêtée ({type(error).__name__}: {error})"
        if mode == "evaluation":
            refuse(reason + " (prévenez votre enseignant)")
        else:
            tell("Le jeu ne peut pas démarrer : " + reason + ".")


if __name__ == "__main__":
    main()
