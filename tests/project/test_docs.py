"""Les guides ne vieillissent pas : chaque commande de leurs blocs ```sh est lancée ou vérifiée.

Une commande est **lancée** quand elle est sûre et assez courte : les aides (``--help``),
le barème, le jeu (l'entrée vide : il s'arrête aussitôt), ruff, la construction du kit,
la notation d'un fichier, les commandes du kit étudiant dans un kit construit, l'essai de
l'autograder Gradescope chez soi (tout son bloc, comme un script). Les autres sont
**vérifiées** : le programme ou le module existe, chaque option qu'elle donne est dans
l'aide de ce programme, chaque extra de ``pip install -e ".[…]"`` est dans
``pyproject.toml``, chaque paquet apt est connu d'apt. Dans toutes, chaque chemin du
dépôt nommé existe. Une commande que rien ne couvre fait échouer le test. La commande du
conteneur de ``docs/securite.md`` est aussi lancée comme elle tourne sous Docker, dans
``test_isolation_field.py``.

Les liens entre les guides (relatifs, avec leur ancre) mènent quelque part.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import doc_commands
from doc_commands import ROOT, Command

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10 : tomli, installé avec pytest
    import tomli as tomllib

pytestmark = pytest.mark.projet

COMMANDS = doc_commands.commands()
TIMEOUT = 900
# Ce qu'un chemin du dépôt commence par, dans une commande.
REPOSITORY = ("tests/", "tp_demineur/", "sujet/", "docs/", ".ci/")
# Ce que l'on écrit devant une commande sans en changer le sens.
PREFIXES = {"sudo", "nice"}
OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")
EXTRA = re.compile(r"^\.\[([\w,-]+)\]$")


@dataclass(frozen=True)
class Plan:
    """Ce que le test fait d'une commande : la lancer ou la vérifier."""

    how: str  # "lancée" ou "vérifiée"
    action: Callable[[Command, dict], None]
    slow: bool = False


def program_words(words: list[str]) -> list[str]:
    """La commande sans ses variables d'environnement ni ``sudo`` ou ``nice`` devant."""
    while words and (re.match(r"^[A-Za-z_]\w*=", words[0]) or words[0] in PREFIXES):
        words = words[1:]
    return words


def options_of(words: list[str]) -> list[str]:
    """Les options d'une commande (``--sortie`` de ``--sortie=notes``)."""
    return [w.split("=")[0] for w in words if w.startswith("-") and len(w) > 1]


@functools.cache
def help_text(*command: str, cwd: str = str(ROOT)) -> str:
    """Ce que ``command`` (avec ``--help`` au bout) affiche."""
    done = subprocess.run(
        [*command, "--help"], cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def assert_options_accepted(words: list[str], help_command: tuple[str, ...]) -> None:
    known = set(OPTION.findall(help_text(*help_command)))
    unknown = [o for o in options_of(words) if o not in known]
    assert not unknown, f"options absentes de l'aide de {' '.join(help_command)} : {unknown}"


def assert_paths_exist(words: list[str]) -> None:
    for word in words:
        if word.startswith(REPOSITORY):
            assert (ROOT / word).exists(), f"{word} n'existe pas dans le dépôt"


def extras() -> set[str]:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(pyproject["project"]["optional-dependencies"])


# Les vérifications


def check_python(command: Command, _: dict) -> None:
    """``python SCRIPT …`` ou ``python -m MODULE …`` : le script ou le module existe, et
    chaque option est dans son aide."""
    words = program_words(command.words)
    if words[1] == "-m":
        module, args = words[2], words[3:]
        assert importlib.util.find_spec(module) is not None, f"module {module} introuvable"
        if module == "pip":
            assert args[0] == "install", args
            for word in args[1:]:
                match = EXTRA.match(word)
                if match:
                    missing = set(match.group(1).split(",")) - extras()
                    assert not missing, f"extras absents de pyproject.toml : {missing}"
            assert_options_accepted(args[1:], (sys.executable, "-m", "pip", "install"))
        else:
            assert_options_accepted(args, (sys.executable, "-m", module))
    else:
        script, args = words[1], words[2:]
        assert (ROOT / script).is_file(), f"{script} n'existe pas"
        assert_options_accepted(args, (sys.executable, script))


def check_pip(command: Command, context: dict) -> None:
    """``pip install …`` (dans un conteneur) : comme ``python -m pip install …``."""
    text = shlex.join(["python", "-m", *program_words(command.words)])
    check_python(Command(command.doc, command.line, text, command.block, False), context)


def check_activate(command: Command, _: dict) -> None:
    """``. .venv/bin/activate`` : l'environnement est créé plus haut dans le bloc."""
    path = command.words[1]
    created = [
        words[words.index("venv") + 1]
        for words in map(shlex.split, command.block)
        if "-m" in words and "venv" in words
    ]
    assert any(path == f"{folder}/bin/activate" for folder in created), (path, created)


def check_apt(command: Command, _: dict) -> None:
    """``sudo apt install PAQUETS`` : chaque paquet est connu d'apt."""
    words = program_words(command.words)
    assert words[1] == "install", words
    if shutil.which("apt-cache") is None:
        pytest.skip("apt-cache manque : les paquets ne peuvent pas être vérifiés ici")
    for package in words[2:]:
        # Connu des listes d'apt, ou déjà installé (des listes vidées n'en disent rien).
        known = any(
            subprocess.run(asked, capture_output=True, timeout=120).returncode == 0
            for asked in (["apt-cache", "show", package], ["dpkg", "-s", package])
        )
        assert known, f"paquet apt inconnu : {package}"


def check_docker(command: Command, context: dict) -> None:
    """``docker run … IMAGE sh -c '…'`` : les options de ``docker run``, puis chaque
    commande lancée dans le conteneur."""
    words = program_words(command.words)
    assert words[1] == "run" and words[-3:-1] == ["sh", "-c"], words
    if shutil.which("docker") is None:
        pytest.skip("docker manque ici : ses options ne peuvent pas être vérifiées")
    assert_options_accepted(words[2:-3], ("docker", "run"))
    for part in words[-1].split(" && "):
        inner = Command(command.doc, command.line, part, command.block, command.in_kit)
        plan = plan_for(inner)
        assert plan is not None and plan.how == "vérifiée", inner
        plan.action(inner, context)


# Les commandes lancées


def run(words: list[str], cwd: Path, **extra) -> subprocess.CompletedProcess:
    words = program_words(words)
    if words[0] in ("python", "python3"):
        words = [sys.executable, *words[1:]]
    else:  # le programme de cet environnement (ruff), même s'il n'est pas activé
        beside = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
        words = [shutil.which(words[0], path=beside) or words[0], *words[1:]]
    return subprocess.run(
        words,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        stdin=subprocess.DEVNULL,
        **extra,
    )


def run_cheap(command: Command, context: dict) -> None:
    """Une aide, le barème, ruff : depuis la racine du dépôt, code de sortie 0."""
    done = run(command.words, ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() or command.words[0] == "ruff"
    assert "Traceback" not in done.stdout + done.stderr


def run_game(command: Command, context: dict) -> None:
    """Le jeu, l'entrée vide (comme Ctrl-D au premier coup) : il s'arrête en le disant,
    code de sortie 0, sans trace d'erreur, sans rien écrire hors d'un dossier neuf."""
    env = {**os.environ, "XDG_DATA_HOME": str(context["tmp"] / "donnees")}
    cwd = context["kit"]() if command.in_kit else ROOT
    done = run(command.words, cwd, env=env)
    output = done.stdout + done.stderr
    assert "Traceback" not in output, output
    if command.in_kit:
        # Le tp.py du kit n'a encore aucune fonction : le jeu dit laquelle écrire.
        assert "n'est pas encore écrite" in output and "question" in output, output
    else:
        assert done.returncode == 0, output
        assert "9×9, 10 mines" in output and "Fin de l'entrée" in output, output


def run_in_workspace(command: Command, context: dict) -> None:
    """La notation d'un fichier, dans une copie du dépôt où ``rendus/dupont.py`` est la
    référence : 20/20, code de sortie 0."""
    workspace = context["workspace"]()
    done = run(command.words, workspace)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "Traceback" not in output, output
    words = command.words
    if "--results-json" in words:
        result = json.loads((workspace / words[words.index("--results-json") + 1]).read_text())
        assert result["score"] == 20, result


def run_build_kit(command: Command, context: dict) -> None:
    """La construction du kit, dans une copie du dépôt."""
    kit = context["kit"]()
    for name in ("tp_demineur/tp.py", "sujet/sujet.md", "README.md", "tests"):
        assert (kit / name).exists(), name


def run_in_kit(command: Command, context: dict) -> None:
    """``python -m pytest`` dans un kit neuf : chaque fonction reste à écrire, et le dit
    (code 1 : des tests ratés, jamais une erreur d'utilisation)."""
    done = run(command.words, context["kit"]())
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    assert "Traceback" not in output, output
    assert "/ 20" in output or "/20" in output, output


def run_script_block(command: Command, context: dict) -> None:
    """Un bloc qui se tape d'un trait (l'essai de l'autograder chez soi) : lancé comme un
    script, ``~`` un dossier neuf où ``rendus/dupont.py`` est la référence ; la référence
    a 20/20 dans ``results.json``."""
    if "script" not in context:
        home = context["tmp"] / "maison"
        (home / "rendus").mkdir(parents=True)
        shutil.copy(ROOT / "tp_demineur" / "tp.py", home / "rendus" / "dupont.py")
        script = "set -eu\n" + "\n".join(command.block) + "\n"
        env = {**os.environ, "HOME": str(home)}
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env['PATH']}"
        done = subprocess.run(
            ["bash", "-c", script],
            cwd=context["workspace"](),
            env=env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        context["script"] = (done, home)
    done, home = context["script"]
    assert done.returncode == 0, done.stdout + done.stderr
    results = list(home.glob("**/results/results.json"))
    assert len(results) == 1, results
    assert json.loads(results[0].read_text(encoding="utf-8"))["score"] == 20


def plan_for(command: Command) -> Plan | None:
    """Comment le test couvre ``command`` (``None`` : rien ne la couvre)."""
    programs = [program_words(shlex.split(text, comments=True))[0] for text in command.block]
    if "./run_autograder" in programs:
        return Plan("lancée", run_script_block, slow=True)
    words = program_words(command.words)
    program = words[0]
    if program in ("python", "python3") and len(words) >= 2:
        module = words[2] if words[1] == "-m" else None
        if "--help" in words or words[1] == "tests/tools/bareme.py":
            return Plan("lancée", run_cheap)
        if module == "tp_demineur":
            return Plan("lancée", run_game, slow=command.in_kit)
        if module == "pytest" and command.in_kit and len(words) == 3:
            return Plan("lancée", run_in_kit, slow=True)
        if module == "pytest" and "--submission" in words:
            return Plan("lancée", run_in_workspace, slow=True)
        if words[1] == "tests/tools/build_kit.py":
            return Plan("lancée", run_build_kit, slow=True)
        return Plan("vérifiée", check_python)
    if program == "pip":
        return Plan("vérifiée", check_pip)
    if program == "ruff":
        return Plan("lancée", run_cheap)
    if program == "." and len(words) == 2:
        return Plan("vérifiée", check_activate)
    if program == "apt":
        return Plan("vérifiée", check_apt)
    if program == "docker":
        return Plan("vérifiée", check_docker)
    return None


def param(command: Command):
    plan = plan_for(command)
    marks = [pytest.mark.lent] if plan is not None and plan.slow else []
    return pytest.param(command, marks=marks, id=f"{command.doc}:{command.line}")


@pytest.fixture(scope="module")
def context(tmp_path_factory) -> dict:
    """Ce que les commandes lancées partagent : un dossier neuf, et, à la demande, une
    copie du dépôt (avec ``rendus/dupont.py``) et le kit qu'y construit la commande du
    guide."""
    tmp = tmp_path_factory.mktemp("guides")
    found: dict = {"tmp": tmp}

    def workspace() -> Path:
        if "workspace_path" not in found:
            copy = tmp / "depot"
            ignored = shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.egg-info")
            for name in ("tests", "tp_demineur", "sujet", "docs"):
                shutil.copytree(ROOT / name, copy / name, ignore=ignored)
            for name in ("pyproject.toml", "README.md"):
                shutil.copy(ROOT / name, copy / name)
            (copy / "rendus").mkdir()
            shutil.copy(ROOT / "tp_demineur" / "tp.py", copy / "rendus" / "dupont.py")
            found["workspace_path"] = copy
        return found["workspace_path"]

    def kit() -> Path:
        if "kit_path" not in found:
            build = next(c for c in COMMANDS if "tests/tools/build_kit.py" in c.words)
            done = run(build.words, workspace())
            assert done.returncode == 0, done.stdout + done.stderr
            found["kit_path"] = workspace() / build.words[-1]
        return found["kit_path"]

    found["workspace"], found["kit"] = workspace, kit
    return found


@pytest.mark.parametrize("command", [param(c) for c in COMMANDS])
def test_each_command_is_run_or_checked(command, context):
    assert_paths_exist(program_words(command.words))
    plan = plan_for(command)
    assert plan is not None, f"{command} : ni lancée ni vérifiée par ce test"
    plan.action(command, context)


def test_the_guides_have_commands_and_most_are_run():
    """Le compte : chaque guide de rôle a ses commandes, et le test en lance une bonne
    part (le reste est vérifié)."""
    plans = [plan_for(c) for c in COMMANDS]
    assert None not in plans
    docs = {c.doc for c in COMMANDS}
    for name in ("etudiant", "enseignant", "moodle", "vpl", "gradescope", "securite"):
        assert f"docs/{name}.md" in docs, name
    assert sum(p.how == "lancée" for p in plans) >= len(plans) // 3


def test_the_readme_installs_and_tests_as_ci_does():
    """La commande d'installation et de test du README est celle de ``.ci/run``, telle
    quelle."""
    readme = [c.words for c in COMMANDS if c.doc == "README.md"]
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    ci = [[w for w in shlex.split(line, comments=True) if w != "-q"] for line in lines]
    install = ["python", "-m", "pip", "install", "-e", ".[dev]"]
    test = ["python", "-m", "pytest"]
    for commands in (readme, ci):
        assert install in commands and test in commands
        assert commands.index(install) < commands.index(test)


def anchors(path: Path) -> set[str]:
    """Les ancres des titres d'un guide, comme GitHub les écrit."""
    found = set()
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("```"):
            inside = not inside
        elif not inside and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("guide", doc_commands.guides(), ids=lambda p: p.name)
def test_links_between_guides_resolve(guide):
    for target in LINK.findall(guide.read_text(encoding="utf-8")):
        if re.match(r"^[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        destination = (guide.parent / file).resolve() if file else guide
        assert destination.exists(), f"{guide.name} : lien mort vers {target}"
        if anchor and destination.suffix == ".md":
            assert anchor in anchors(destination), f"{guide.name} : ancre inconnue {target}"
