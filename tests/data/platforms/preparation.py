"""Préparer la notation du TP démineur sur une plateforme dont le serveur n'a que Python :
Moodle VPL et Moodle CodeRunner (son serveur Jobe).

Ce fichier est écrit, son paquet décrit (``BUNDLE``), par ``tests/tools/build_vpl.py`` (sous
le nom ``vpl_demineur.py``, parmi les fichiers d'exécution de l'activité) et par
``tests/tools/build_coderunner.py`` (sous le nom ``demineur_preparation.py``, parmi les
fichiers d'aide de chaque question). Ce que les deux font de la même façon est écrit une
fois ici :

- il refuse tout fichier rendu autre que la réponse (la phrase dit à l'étudiant quoi
  faire, et à l'enseignant quel réglage l'impose) ;
- il reconstitue le paquet du correcteur à partir de ses parties, posées à côté de ce
  fichier, et vérifie son empreinte ;
- il installe le correcteur dans un dossier que lui seul lit, puis fait noter la réponse
  par le programme de la plateforme (``tests/tools/grade_vpl.py``,
  ``tests/tools/grade_coderunner.py``), lancé par ``python3 -I`` : ni le dossier de travail,
  ni les variables ``PYTHON*`` dans les chemins d'import.

Moodle VPL (:func:`main`) : lancé par ``vpl_evaluate.sh`` (« Évaluer ») ou par
``vpl_run.sh`` (« Exécuter ») par ``python3 -I``, depuis un dossier neuf où les scripts ont
déplacé ses seuls fichiers, avant que VPL n'efface les fichiers d'exécution. Il écrit
``vpl_execution``, le programme que VPL lance ensuite : la notation (« Évaluer ») ou le jeu
du kit autour du ``tp.py`` de l'étudiant, sans correcteur ni secret (« Exécuter »). Les
scripts effacent ensuite le dossier de la préparation, et avec lui les fichiers
``correcteur-N.b64`` (qui contiennent le secret des cas). Quoi qu'il arrive,
``vpl_execution`` est écrit : s'il ne peut pas noter, il dit pourquoi et donne la note
minimale de l'activité.

Moodle CodeRunner (:func:`coderunner`) : le modèle de la question (``python3 -BE`` sur
Jobe, dans un dossier de travail neuf où sont la réponse, mise dans le modèle, et les
fichiers d'aide) retire d'abord ce dossier de ses chemins d'import, puis appelle
``coderunner`` avec la réponse (en JSON) et la question. Il écrit sur la sortie un seul
objet JSON, celui qu'attend un correcteur de modèle combinateur, et rien sur la sortie
d'erreur (Jobe prendrait tout texte écrit là pour une erreur) : s'il ne peut pas noter, la
note est 0 et la raison est dite.

Il n'utilise que la bibliothèque standard et se lit dès Python 3.6 : un Python trop
ancien pour le correcteur dit au moins qu'il l'est.
"""

import base64
import hashlib
import html
import io
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

# Rempli par la construction : les parties du paquet et leur codage (« base64 » : du texte
# en base64, coupé en parties ; « zip » : le zip lui-même, en une partie), son empreinte,
# le plus ancien Python qui peut le lire, les options de la notation.
BUNDLE = {
    "parts": [],
    "encoding": "base64",
    "sha256": "",
    "python": [3, 10],
    "exact": False,
    "machine": "",
    "options": [],
}

# Ce que Python pourrait importer, s'il regardait dans un dossier.
IMPORTABLE = (".py", ".pyc", ".pyw", ".pth", ".so", ".pyd")


class Unusable(Exception):
    """Le paquet ne peut pas servir (la phrase dit pourquoi)."""


# -- ce que font les deux plateformes ---------------------------------------------------


def here():
    """Le dossier de ce fichier, où sont les parties du paquet."""
    return os.path.dirname(os.path.abspath(__file__))


def holds_python(folder):
    """Un dossier où Python trouverait un module (un paquet, même sans __init__.py)."""
    for _, _, names in os.walk(folder):
        if any(name.endswith(IMPORTABLE) for name in names):
            return True
    return False


def other_files(home, reported, known, answer):
    """Les fichiers rendus autres que la réponse ``answer`` : ceux que la plateforme dit
    rendus (``reported``), et tout ce que Python pourrait importer dans le dossier de
    travail, fichier ou paquet, hors des fichiers connus de la plateforme (``known``) et des
    dossiers cachés (triés)."""
    found = set(reported)
    for name in os.listdir(home):
        path = os.path.join(home, name)
        if name in known or name.startswith("."):
            continue
        if name.endswith(IMPORTABLE) or (os.path.isdir(path) and holds_python(path)):
            found.add(name)
    found.discard(answer)
    return sorted(found)


def shown_names(names):
    """Les cinq premiers noms, sur une ligne."""
    return ", ".join(names[:5]) + (" (…)" if len(names) > 5 else "")


def unsuitable():
    """La phrase qui dit que ce Python ne peut pas lire le paquet, ou None : trop ancien ;
    ou, si le paquet emporte du code compilé, pas exactement le Python et la machine de sa
    construction."""
    found = "{}.{}".format(*sys.version_info[:2])
    needed = "{}.{}".format(*BUNDLE["python"])
    if BUNDLE["exact"]:
        here_python = f"Python {found} ({platform.machine()})"
        built = "Python {} ({})".format(needed, BUNDLE["machine"])
        if here_python == built:
            return None
        return (
            f"le serveur d'exécution a {here_python}, mais le correcteur emporte du code compilé "
            f"pour {built} : il faut le construire avec le Python du "
            "serveur"
        )
    if tuple(sys.version_info[:2]) >= tuple(BUNDLE["python"]):
        return None
    return f"le serveur d'exécution a Python {found}, il faut Python {needed} ou plus récent"


def bundle_bytes(missing_advice):
    """Le paquet, reconstitué à partir de ses parties (à côté de ce fichier) et vérifié ;
    ``missing_advice`` dit à l'enseignant quoi faire si une partie manque."""
    chunks = []
    for name in BUNDLE["parts"]:
        try:
            with open(os.path.join(here(), name), "rb") as file:
                data = file.read()
            chunks.append(base64.b64decode(data) if BUNDLE["encoding"] == "base64" else data)
        except (OSError, ValueError):
            raise Unusable(
                f"le fichier {name} manque ou est abîmé (prévenez votre enseignant : "
                f"{missing_advice})"
            ) from None
    data = b"".join(chunks)
    if hashlib.sha256(data).hexdigest() != BUNDLE["sha256"]:
        raise Unusable(
            "les fichiers {} ne viennent pas d'une même construction (prévenez votre "
            "enseignant : il faut déposer ensemble tous ceux d'une même "
            "construction)".format(", ".join(BUNDLE["parts"]))
        )
    return data


def install(data, prefix, destination):
    """Écrit dans ``destination``, un dossier neuf (rien de ce qu'un rendu y aurait mis
    n'est repris), les fichiers du paquet rangés sous ``prefix/``."""
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


def grading_command(grader, program, arguments):
    """La commande qui fait noter par le programme de la plateforme, installé dans
    ``grader`` : ce Python, par ``-I``, avec les options de la construction."""
    path = os.path.join(grader, "tests", "tools", program)
    return [sys.executable, "-I", path, *arguments, *BUNDLE["options"]]


# -- Moodle VPL --------------------------------------------------------------------------

VPL_GRADER = ".demineur"  # le correcteur (« Évaluer »)
VPL_GAME = "demineur_jeu"  # le jeu (« Exécuter »)
VPL_ANSWER = "tp.py"
VPL_EXECUTION = "vpl_execution"
# Ce qu'un dossier de travail de VPL contient qui ne vient pas de l'étudiant : les
# fichiers d'exécution de l'activité (dont ce fichier, déjà déplacé) et ceux de VPL.
VPL_FILES = {
    "vpl_evaluate.sh",
    "vpl_run.sh",
    "vpl_debug.sh",
    "vpl_environment.sh",
    "vpl_execution",
    "vpl_evaluate.cases",
    "common_script.sh",
}
# Le réglage de l'activité qui limite les rendus à tp.py, dit à l'enseignant.
VPL_SETTING = (
    "l'activité doit demander un seul fichier : « Fichiers requis » tp.py et « Nombre "
    "maximal de fichiers » 1"
)
VPL_MISSING = "il faut déposer tous les fichiers écrits par build_vpl.py"


def shell_quoted(text):
    return "'" + text.replace("'", "'\"'\"'") + "'"


def write_execution(home, lines):
    path = os.path.join(home, VPL_EXECUTION)
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


def refusal(home, environment):
    """La phrase qui refuse un rendu fait d'autres fichiers que tp.py, ou None."""
    others = other_files(home, submitted_names(environment), VPL_FILES, VPL_ANSWER)
    if not others:
        return None
    if os.path.isfile(os.path.join(home, VPL_ANSWER)):
        found = "ce rendu contient aussi " + shown_names(others)
    else:
        found = "le rendu n'a pas de fichier tp.py (reçu : " + shown_names(others) + ")"
    return (
        found + " ; rendez un seul fichier, nommé tp.py (pour l'enseignant : " + VPL_SETTING + ")"
    )


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
        install(bundle_bytes(VPL_MISSING), "correcteur", os.path.join(home, VPL_GRADER))
    except Unusable as error:
        refuse(home, str(error))
        return
    command = grading_command(VPL_GRADER, "grade_vpl.py", ["--domicile", "$PWD"])
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
    if not os.path.isfile(os.path.join(home, VPL_ANSWER)):
        tell(home, "Le jeu ne peut pas démarrer : votre rendu n'a pas de fichier tp.py.")
        return
    game = os.path.join(home, VPL_GAME)
    try:
        install(bundle_bytes(VPL_MISSING), "jeu", game)
    except Unusable as error:
        tell(home, "Le jeu ne peut pas démarrer : " + str(error) + ".")
        return
    with open(os.path.join(home, VPL_ANSWER), "rb") as source:
        code = source.read()
    with open(os.path.join(game, "tp_demineur", VPL_ANSWER), "wb") as copy:
        copy.write(code)
    run = [shell_quoted(sys.executable), "-m", "tp_demineur", '"$@"']
    write_execution(home, ["cd " + VPL_GAME, "exec " + " ".join(run)])


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


# -- Moodle CodeRunner (Jobe) ----------------------------------------------------------

CODERUNNER_ANSWER = "tp.py"
# Ce qu'un dossier de travail de Jobe contient qui ne vient pas de l'étudiant : le
# programme (le modèle de la question), ce que Jobe y écrit (la commande, les entrée et
# sorties du programme, le bytecode de sa compilation) ; les fichiers d'aide s'y ajoutent.
JOBE_FILES = {"__tester__.python3", "__pycache__", "prog.cmd", "prog.in", "prog.out", "prog.err"}
CODERUNNER_SETTING = (
    "la question ne doit accepter aucun document joint, « Documents joints autorisés » à 0"
)
CODERUNNER_MISSING = (
    "il faut importer la question telle que l'écrit build_coderunner.py, avec ses fichiers d'aide"
)
# Sans limite de temps de calcul connue (Jobe en pose toujours une) : 120 s, le maximum
# que Jobe accepte par défaut.
DEFAULT_CPU_SECONDS = 120
# Le temps d'horloge laissé à la notation, en part de la limite de temps de calcul de la
# question : Jobe tue le programme après deux fois cette limite, en temps réel
# (``LanguageTask.php`` : ``--time`` = 2 × ``cputime``), et dit « temps dépassé » (sans
# note) si tous ses processus ont calculé plus que la limite. Une notation calcule bien
# moins longtemps qu'elle ne dure sur un serveur chargé (une réponse dont chaque fonction
# boucle : 13 s de calcul pour 93 s d'horloge, mesuré) : 1,5 fois la limite d'horloge,
# arrêtée avant que Jobe ne tue tout sans message.
GRADING_SHARE = 1.5
# Ce que le programme de notation a, au-delà de sa durée, pour écrire son résultat (il
# arrête lui-même la notation à sa durée) : moins que la marge de Jobe, une demi-limite.
SPARE_SECONDS = 10
MINIMUM_SECONDS = 10


def jobe_cpu_seconds():
    """La limite de temps de calcul posée par Jobe (``RLIMIT_CPU`` : la limite de la
    question, plus une seconde)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_CPU)[0]
    except (ImportError, OSError, ValueError):
        return DEFAULT_CPU_SECONDS
    if soft == resource.RLIM_INFINITY or soft <= 1:
        return DEFAULT_CPU_SECONDS
    return soft - 1


def paragraph(text):
    return "<p>" + html.escape(text, quote=False) + "</p>"


def unmarked(reason, teacher=""):
    """Le résultat d'une réponse qui n'a pas pu être notée : 0, et la raison (échappée)."""
    outcome = {
        "fraction": 0.0,
        "prologuehtml": paragraph("Votre réponse n'a pas pu être notée : " + reason + "."),
    }
    if teacher:
        outcome["instructorhtml"] = "<pre>" + html.escape(teacher, quote=False) + "</pre>"
    return outcome


def coderunner_refusal(home, attachments):
    """La phrase qui refuse une réponse venue avec d'autres fichiers, ou None."""
    known = JOBE_FILES | set(BUNDLE["parts"]) | {os.path.basename(__file__)}
    others = other_files(home, attachments, known, CODERUNNER_ANSWER)
    if not others:
        return None
    return (
        f"votre réponse est venue avec d'autres fichiers ({shown_names(others)}) ; écrivez "
        f"tout votre code dans la zone de réponse (pour l'enseignant : {CODERUNNER_SETTING})"
    )


def grading_outcome(output):
    """Le résultat écrit par ``grade_coderunner.py`` s'il en a la forme, sinon None."""
    try:
        outcome = json.loads(output.decode("utf-8"))
    except ValueError:
        return None
    if not isinstance(outcome, dict):
        return None
    fraction = outcome.get("fraction")
    if type(fraction) not in (int, float) or not 0 <= fraction <= 1:
        return None
    return outcome


def coderunner_outcome(answer_json, question, attachments_json, started):
    """Note la réponse : le résultat à écrire (un dict)."""
    try:
        answer = json.loads(answer_json)
        attachments = json.loads(attachments_json) if attachments_json else ""
    except ValueError:
        answer = attachments = None
    if not isinstance(answer, str) or not isinstance(attachments, str):
        return unmarked("la réponse n'a pas pu être lue (prévenez votre enseignant)")
    problem = unsuitable()
    if problem:
        return unmarked(problem + " (prévenez votre enseignant)")
    home = os.getcwd()
    names = [name for name in attachments.split(",") if name.strip()]
    problem = coderunner_refusal(home, names)
    if problem:
        return unmarked(problem)
    private = tempfile.mkdtemp(prefix=".demineur-", dir=home)
    try:
        try:
            install(bundle_bytes(CODERUNNER_MISSING), "correcteur", os.path.join(private, "c"))
        except Unusable as error:
            return unmarked(str(error))
        answer_path = os.path.join(private, "reponse", CODERUNNER_ANSWER)
        os.mkdir(os.path.dirname(answer_path), 0o700)
        with open(answer_path, "w", encoding="utf-8", errors="replace") as file:
            file.write(answer)
        spent = time.monotonic() - started
        seconds = max(MINIMUM_SECONDS, int(jobe_cpu_seconds() * GRADING_SHARE - spent))
        arguments = ["--question", question, "--reponse", answer_path, "--duree", str(seconds)]
        command = grading_command(os.path.join(private, "c"), "grade_coderunner.py", arguments)
        try:
            done = subprocess.run(
                command,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                cwd=private,
                timeout=seconds + SPARE_SECONDS,
            )
        except subprocess.TimeoutExpired:
            spent = seconds + SPARE_SECONDS
            return unmarked(f"la notation a dépassé {spent} s et a été arrêtée")
        outcome = grading_outcome(done.stdout)
        if outcome is None:
            journal = done.stderr.decode("utf-8", "replace")[-2000:]
            return unmarked(
                "le correcteur s'est arrêté sans résultat (prévenez votre enseignant)",
                f"code de sortie {done.returncode}\n{journal}",
            )
        return outcome
    finally:
        shutil.rmtree(private, ignore_errors=True)


def coderunner(answer_json, question, attachments_json=""):
    """Note la réponse d'une question CodeRunner et écrit le résultat (un seul objet JSON,
    en ASCII) sur la sortie ; ``answer_json`` : la réponse en JSON, ``attachments_json`` :
    les noms des documents joints (séparés par des virgules), en JSON."""
    started = time.monotonic()
    try:
        outcome = coderunner_outcome(answer_json, question, attachments_json, started)
    except Exception as error:
        outcome = unmarked(
            "la préparation s'est arrêtée (prévenez votre enseignant)",
            f"{type(error).__name__}: {error}",
        )
    sys.stdout.write(json.dumps(outcome, ensure_ascii=True) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
