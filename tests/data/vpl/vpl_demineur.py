"""Préparer la notation ou le jeu du TP démineur dans Moodle VPL.

Un fichier d'exécution de l'activité, écrit par ``tests/tools/build_vpl.py``. Lancé par
``vpl_evaluate.sh`` (« Évaluer ») ou par ``vpl_run.sh`` (« Exécuter »), avant que VPL
n'efface les fichiers d'exécution et bien avant que le code de l'étudiant ne tourne.
Les scripts le lancent par ``python3 -I`` (ni le dossier du script, ni le dossier
courant, ni les variables ``PYTHON*`` dans les chemins d'import), depuis un dossier neuf
où ils ont déplacé ses seuls fichiers : aucun fichier rendu ne peut prendre la place
d'un module qu'il importe. Il reçoit en argument le dossier de travail de VPL, où sont
les fichiers de l'étudiant :

- il refuse tout fichier rendu autre que ``tp.py`` (la phrase dit à l'étudiant quoi
  faire, et à l'enseignant quel réglage de l'activité l'impose) ;
- il reconstitue le paquet du correcteur à partir des fichiers ``correcteur-N.b64``
  et vérifie son empreinte ;
- ``evaluation`` : il installe le correcteur dans ``.demineur/``, que lui seul lit ;
  ``jeu`` : il installe le jeu du kit autour du ``tp.py`` de l'étudiant, sans
  correcteur ni secret ;
- il écrit ``vpl_execution``, le programme que VPL lance ensuite.

Les scripts effacent ensuite le dossier de la préparation, et avec lui les fichiers
``correcteur-N.b64`` (qui contiennent le secret des cas), que l'enseignant les ait fait
garder ou non.

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
# Ce qu'un dossier de travail de VPL contient qui ne vient pas de l'étudiant : les
# fichiers d'exécution de l'activité (dont ce fichier, déjà déplacé) et ceux de VPL.
ACTIVITY_FILES = {
    "vpl_evaluate.sh",
    "vpl_run.sh",
    "vpl_debug.sh",
    "vpl_environment.sh",
    "vpl_execution",
    "vpl_evaluate.cases",
    "common_script.sh",
}
# Ce que Python pourrait importer, s'il regardait dans ce dossier.
IMPORTABLE = (".py", ".pyc", ".pyw", ".pth", ".so", ".pyd")
# Le réglage de l'activité qui limite les rendus à tp.py, dit à l'enseignant.
SETTING = (
    "l'activité doit demander un seul fichier : « Fichiers requis » tp.py et « Nombre "
    "maximal de fichiers » 1"
)


class Unusable(Exception):
    """Le paquet ne peut pas servir (la phrase dit pourquoi)."""


def shell_quoted(text):
    return "'" + text.replace("'", "'\"'\"'") + "'"


def write_execution(home, lines):
    path = os.path.join(home, EXECUTION)
    with open(path, "w", encoding="utf-8") as file:
        file.write("#!/bin/bash\n" + "\n".join(lines) + "\n")
    os.chmod(path, 0o700)


def refuse(home, reason):
    """vpl_execution dira pourquoi le rendu n'est pas noté et donnera la note minimale."""
    comment = ["<|--", "-Non noté", ">Le rendu n'a pas pu être noté : " + reason + ".", "--|>"]
    lines = [". ./vpl_environment.sh 2>/dev/null"]
    lines += ["echo " + shell_quoted(line) for line in comment]
    lines.append("LC_ALL=C printf 'Grade :=>>%.2f\\n' \"${VPL_GRADEMIN:-0}\"")
    write_execution(home, lines)


def tell(home, message):
    """vpl_execution affichera ce message (le jeu ne peut pas démarrer)."""
    write_execution(home, ["echo " + shell_quoted(message)])


def submitted_names(environment):
    """Les fichiers rendus, tels que VPL les nomme (``VPL_SUBFILE0``, ``VPL_SUBFILE1``…,
    sinon ``VPL_SUBFILES``).

    >>> sorted(submitted_names({"VPL_SUBFILES": "tp.py\\noutils.py\\n"}))
    ['outils.py', 'tp.py']
    """
    names = set()
    number = 0
    while "VPL_SUBFILE" + str(number) in environment:
        names.add(environment["VPL_SUBFILE" + str(number)])
        number += 1
    if not names:
        names.update(environment.get("VPL_SUBFILES", "").split())
    return names


def other_files(home, environment):
    """Les fichiers rendus autres que tp.py : ceux que VPL dit rendus, et tout ce que
    Python pourrait importer dans le dossier de travail, fichier ou paquet (triés)."""
    found = submitted_names(environment)
    for name in os.listdir(home):
        path = os.path.join(home, name)
        if name in ACTIVITY_FILES or name.startswith("."):
            continue
        if name.endswith(IMPORTABLE) or (os.path.isdir(path) and holds_python(path)):
            found.add(name)
    found.discard(STUDENT_FILE)
    return sorted(found)


def holds_python(folder):
    """Un dossier où Python trouverait un module (un paquet, même sans __init__.py)."""
    for _, _, names in os.walk(folder):
        if any(name.endswith(IMPORTABLE) for name in names):
            return True
    return False


def refusal(home, environment):
    """La phrase qui refuse un rendu fait d'autres fichiers que tp.py, ou None."""
    others = other_files(home, environment)
    if not others:
        return None
    shown = ", ".join(others[:5]) + (" (…)" if len(others) > 5 else "")
    if os.path.isfile(os.path.join(home, STUDENT_FILE)):
        found = "ce rendu contient aussi " + shown
    else:
        found = "le rendu n'a pas de fichier tp.py (reçu : " + shown + ")"
    return found + " ; rendez un seul fichier, nommé tp.py (pour l'enseignant : " + SETTING + ")"


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
    """Le paquet, reconstitué à partir de ses parties (à côté de ce fichier) et vérifié."""
    here = os.path.dirname(os.path.abspath(__file__))
    chunks = []
    for name in BUNDLE["parts"]:
        try:
            with open(os.path.join(here, name), "rb") as file:
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


def prepare_evaluation(home):
    problem = unsuitable()
    if problem:
        refuse(home, problem + " (prévenez votre enseignant)")
        return
    problem = refusal(home, os.environ)
    if problem:
        refuse(home, problem)
        return
    try:
        install(bundle_bytes(), "correcteur", os.path.join(home, GRADER))
    except Unusable as error:
        refuse(home, str(error))
        return
    program = os.path.join(GRADER, "tests", "tools", "grade_vpl.py")
    command = [sys.executable, "-I", program, "--domicile", "$PWD", *BUNDLE["options"]]
    words = [shell_quoted(word) if word != "$PWD" else '"$PWD"' for word in command]
    write_execution(home, [". ./vpl_environment.sh 2>/dev/null", "exec " + " ".join(words)])


def prepare_game(home):
    problem = unsuitable()
    if problem:
        tell(home, "Le jeu ne peut pas démarrer : " + problem + " (prévenez votre enseignant).")
        return
    problem = refusal(home, os.environ)
    if problem:
        tell(home, "Le jeu ne peut pas démarrer : " + problem + ".")
        return
    if not os.path.isfile(os.path.join(home, STUDENT_FILE)):
        tell(home, "Le jeu ne peut pas démarrer : votre rendu n'a pas de fichier tp.py.")
        return
    game = os.path.join(home, GAME)
    try:
        install(bundle_bytes(), "jeu", game)
    except Unusable as error:
        tell(home, "Le jeu ne peut pas démarrer : " + str(error) + ".")
        return
    with open(os.path.join(home, STUDENT_FILE), "rb") as source:
        code = source.read()
    with open(os.path.join(game, "tp_demineur", STUDENT_FILE), "wb") as copy:
        copy.write(code)
    run = [shell_quoted(sys.executable), "-m", "tp_demineur", '"$@"']
    write_execution(home, ["cd " + GAME, "exec " + " ".join(run)])


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    home = sys.argv[2] if len(sys.argv) > 2 else ""
    if mode not in ("evaluation", "jeu") or not os.path.isdir(home):
        sys.exit("usage : python3 -I vpl_demineur.py evaluation|jeu DOSSIER_DE_VPL")
    try:
        if mode == "evaluation":
            prepare_evaluation(home)
        else:
            prepare_game(home)
    except Exception as error:
        reason = f"la préparation s'est arrêtée ({type(error).__name__}: {error})"
        if mode == "evaluation":
            refuse(home, reason + " (prévenez votre enseignant)")
        else:
            tell(home, "Le jeu ne peut pas démarrer : " + reason + ".")


if __name__ == "__main__":
    main()
