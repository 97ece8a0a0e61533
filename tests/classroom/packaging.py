"""Ce que les plateformes de notation emportent : le correcteur, la référence et les
réglages de pytest, écrits une fois pour Gradescope (``build_gradescope.py``), Moodle VPL
(``build_vpl.py``), Moodle CodeRunner (``build_coderunner.py``) et INGInious
(``build_inginious.py``).

Chaque plateforme ajoute ses propres programmes (``programs``) ; VPL et CodeRunner, dont
le serveur n'installe rien, emportent aussi pytest et hypothesis (:func:`vendored_files`) ;
Gradescope et INGInious les installent, aux versions d'ici (:func:`pinned_requirements`).
Le kit et chaque plateforme emportent parso sous ``tests/`` (:func:`carried_files`). Le
paquet d'une plateforme qui n'installe rien est fait par :func:`grader_bundle`.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import re
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from grading import secret

# Le correcteur : ses modules (grading/, classroom/), les tests notés (graded/, les
# seuls que lit une notation, voir conftest.py) ; chaque plateforme y ajoute son programme.
GRADER_FILES = ["conftest.py", "options.py", "tools/__init__.py"]
GRADER_PACKAGES = ["grading", "classroom", "graded"]
# Les données que lit une notation : les balayages des tests notés, écrits tout construits
# (grading/sweeps/__init__.py, FOLDER).
GRADER_DATA = ["data/sweeps"]
REFERENCE_FILES = ["__init__.py", "python_version.py", "tp.py", "arguments.py"]  # relais, options
EXECUTABLE = 0o100755
REGULAR = 0o100644
PRIVATE = 0o100600
# Le secret des cas, à côté de ``tests/`` dans ce que la plateforme installe (son programme
# de notation le lit) : jamais sur une ligne de commande, que toute la machine lit.
SECRET_FILE = "secret.txt"
# La préparation des plateformes dont le serveur n'a que Python (VPL, CodeRunner) : un
# programme de la bibliothèque standard seule, dont :func:`preparation_script` remplit la
# description du paquet.
PREPARATION = Path(__file__).resolve().parents[1] / "data" / "platforms" / "preparation.py"
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # la même date partout : le même zip pour le même dépôt

# Ce que le correcteur emporte partout (le kit, chaque plateforme), en Python pur, sous
# tests/ : parso, l'analyseur de Python qui tolère les erreurs (grading/rescue.py), que le
# processus de travail importe pour noter un fichier qui ne se compile pas. Le correcteur
# l'y trouve (grading/loading.py) sans que rien ne soit installé.
CARRIED = ["parso"]

# Ce qu'une notation importe au-delà de la bibliothèque standard : pytest, hypothesis, et
# ce dont ils dépendent d'après leurs métadonnées (:func:`needed_packages`).
NOTATION_ROOTS = ["pytest", "hypothesis"]
# Les versions de Python qu'un paquet peut trouver chez une plateforme : une dépendance
# marquée pour l'une d'elles (« python_version < '3.11' ») est emportée si elle est
# installée ici ; les extras « test » du pyproject.toml installent celles d'avant 3.11.
PYTHONS = ["3.10", "3.11", "3.12", "3.13", "3.14"]


def secret_choice(text: str) -> str:
    """Le type de l'option ``--secret`` des plateformes : un secret bien formé, ou un refus
    en français."""
    try:
        return secret.check(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class PackagingError(Exception):
    """Le paquet d'une plateforme ne peut pas être construit (message en français)."""


def grader_files(root: Path, programs: list[str]) -> dict[str, Path]:
    """Le correcteur, les programmes ``programs`` (sous ``tests/``) et la référence :
    chemin dans le paquet → fichier du dépôt."""
    tests = root / "tests"
    files = {f"tests/{name}": tests / name for name in [*GRADER_FILES, *programs]}
    for package in GRADER_PACKAGES:
        # Leurs sous-paquets aussi (grading/checks/) ; jamais le bytecode d'ici.
        files |= {
            f"tests/{path.relative_to(tests).as_posix()}": path
            for path in sorted(tests.glob(f"{package}/**/*.py"))
            if "__pycache__" not in path.parts
        }
    for folder in GRADER_DATA:
        files |= {
            f"tests/{path.relative_to(tests).as_posix()}": path
            for path in sorted((tests / folder).glob("*.json"))
        }
    files |= {f"tp_demineur/{name}": root / "tp_demineur" / name for name in REFERENCE_FILES}
    missing = [name for name, path in files.items() if not path.is_file()]
    if missing:
        raise PackagingError(f"fichiers introuvables dans le dépôt : {', '.join(missing)}")
    return files


def pytest_settings(pyproject: str) -> str:
    """La section ``[tool.pytest.ini_options]`` du pyproject.toml du dépôt, seule."""
    match = re.search(r"^\[tool\.pytest\.ini_options\]\n(?:(?!\[).*\n?)*", pyproject, re.M)
    if match is None:
        raise PackagingError("pyproject.toml n'a pas de section [tool.pytest.ini_options]")
    return "# Les réglages de pytest du dépôt tp_demineur.\n" + match.group().rstrip() + "\n"


def distribution_files(name: str) -> dict[str, bytes]:
    """Les fichiers d'un paquet installé ici (modules et métadonnées, sans bytecode) :
    chemin relatif à son dossier d'installation → octets."""
    try:
        distribution = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        raise PackagingError(
            f"{name} n'est pas installé ici : pip install -e \".[enseignant]\" d'abord"
        ) from None
    files = {}
    listed = distribution.files or []
    sources = {path.as_posix() for path in listed if path.name.endswith(".py")}
    for path in listed:
        relative = path.as_posix()
        if relative.startswith("..") or "__pycache__" in relative or relative.endswith(".pyc"):
            continue  # les programmes de bin/, le bytecode de cette machine
        if extension(relative) and has_source(relative, sources):
            continue  # compilé pour ce Python-ci seulement : sa source suffit partout
        files[relative] = Path(path.locate()).read_bytes()
    if not files:
        raise PackagingError(f"les fichiers de {name} sont introuvables ici")
    return files


def extension(relative: str) -> bool:
    """Un module compilé (``.so``, ``.pyd``)."""
    return relative.endswith((".so", ".pyd"))


def has_source(relative: str, sources: set[str]) -> bool:
    """Le module compilé ``relative`` a-t-il sa source à côté de lui ? C'est le cas des
    paquets compilés par mypyc (tomli) : la source se lit avec tout Python ; leur module
    d'aide (``…__mypyc.cpython-….so``), qui ne sert qu'aux modules compilés, aussi.

    >>> has_source("tomli/_re.cpython-311-x86_64-linux-gnu.so", {"tomli/_re.py"})
    True
    >>> has_source("hypothesis/_native.cpython-311-x86_64-linux-gnu.so", set())
    False
    """
    folder, _, name = relative.rpartition("/")
    module = name.split(".", 1)[0]
    if module.endswith("__mypyc"):
        return True
    return f"{folder}/{module}.py".lstrip("/") in sources


def carried_files() -> dict[str, bytes]:
    """Les paquets de :data:`CARRIED`, tels qu'installés ici (modules, données, métadonnées
    et licence), sous ``tests/`` : chemin dans le paquet → octets. Chacun doit être en
    Python pur : il sert à tout Python de 3.10 à 3.14, sur toute machine."""
    files = {}
    for name in CARRIED:
        found = distribution_files(name)
        if compiled(name):
            raise PackagingError(f"{name} tel qu'installé ici contient du code compilé")
        files |= {f"tests/{path}": data for path, data in found.items()}
    return files


def marker_holds(requirement, python: str) -> bool:
    """La dépendance ``requirement`` sert-elle sous Linux, avec ce Python, sans extra ?"""
    from packaging.markers import default_environment  # installé avec pytest

    if requirement.marker is None:
        return True
    environment = default_environment()
    environment.update(
        python_version=python,
        python_full_version=f"{python}.0",
        sys_platform="linux",
        platform_system="Linux",
        extra="",
    )
    return requirement.marker.evaluate(environment)


def needed_packages(python: str) -> list[str]:
    """Les paquets qu'importe une notation sous ce Python : ``NOTATION_ROOTS`` et leurs
    dépendances, de proche en proche, dans l'ordre où elles sont trouvées."""
    from packaging.requirements import Requirement  # installé avec pytest

    found: list[str] = []
    waiting = list(NOTATION_ROOTS)
    while waiting:
        name = re.sub(r"[-_.]+", "-", waiting.pop(0)).lower()  # le nom normalisé (PEP 503)
        if name in found:
            continue
        found.append(name)
        try:
            requirements = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue  # dit par vendored_files
        for text in requirements:
            requirement = Requirement(text)
            if marker_holds(requirement, python):
                waiting.append(requirement.name)
    return found


def installed(name: str) -> bool:
    try:
        metadata.distribution(name)
        return True
    except metadata.PackageNotFoundError:
        return False


def compiled(name: str) -> bool:
    """Le paquet installé ici a-t-il du code compilé (pour ce Python-ci, cette machine-ci)
    sans sa source à côté ? hypothesis en a à partir de 6.156 ; tomli, compilé par mypyc,
    garde ses sources, emportées à la place."""
    listed = metadata.distribution(name).files or []
    sources = {path.as_posix() for path in listed if path.name.endswith(".py")}
    return any(
        extension(path.as_posix()) and not has_source(path.as_posix(), sources) for path in listed
    )


@dataclass(frozen=True)
class Vendored:
    """pytest, hypothesis et leurs dépendances, à emporter, et le Python qui peut les lire :
    ``python`` ou plus récent ; ou exactement ``python`` sur ``machine`` (``exact``) si
    l'un d'eux est compilé."""

    files: dict[str, bytes]
    python: tuple[int, int]
    exact: bool
    machine: str


def vendored_files(prefix: str) -> Vendored:
    """pytest, hypothesis et leurs dépendances, tels qu'installés ici, sous ``prefix``.

    Un Python de ``PYTHONS`` peut les lire si chaque paquet qu'il lui faut est installé
    ici, et en Python pur s'il n'est pas celui-ci (3.10 : exceptiongroup, tomli et
    typing_extensions aussi). Si un paquet compilé sert partout, seul ce Python-ci, sur
    cette machine, peut les lire."""
    here = f"{sys.version_info[0]}.{sys.version_info[1]}"

    def usable(python: str) -> bool:
        return all(
            installed(name) and (python == here or not compiled(name))
            for name in needed_packages(python)
        )

    candidates = PYTHONS if here in PYTHONS else [*PYTHONS, here]
    pythons = [python for python in candidates if usable(python)]
    if not pythons:
        missing = [name for name in needed_packages(here) if not installed(name)]
        raise PackagingError(
            f'{", ".join(missing)} : pas installé ici (pip install -e ".[enseignant]" d\'abord)'
        )
    names = dict.fromkeys(name for python in pythons for name in needed_packages(python))
    files = {}
    for name in names:
        files |= {f"{prefix}/{path}": data for path, data in distribution_files(name).items()}
    oldest = tuple(map(int, pythons[0].split(".")))
    return Vendored(files, oldest, pythons == [here], platform.machine())


def zip_bytes(files: dict[str, tuple[bytes, int]]) -> bytes:
    """Le zip de ``files`` (chemin → (octets, droits)), dans leur ordre : le même octet
    pour octet pour les mêmes fichiers (une seule date partout)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for name, (data, mode) in files.items():
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.create_system = 3  # Unix : les droits ci-dessous comptent
            info.external_attr = mode << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, data)
    return buffer.getvalue()


def write_zip(dest: Path, files: dict[str, tuple[bytes, int]]) -> None:
    """Écrit le zip de ``files`` d'un coup (un zip à moitié écrit n'est jamais laissé à
    DEST)."""
    write_atomically(dest, zip_bytes(files))


def pinned_requirements(python: str) -> dict[str, str]:
    """Ce qu'installe l'image d'une plateforme pour noter avec ce Python : pytest, hypothesis
    et leurs dépendances (:func:`needed_packages`), aux versions installées ici, dans
    l'ordre où elles sont trouvées. Chacun doit accepter ce Python (``Requires-Python``).

    >>> list(pinned_requirements("3.11"))[:2]
    ['pytest', 'hypothesis']
    """
    from packaging.specifiers import SpecifierSet  # installé avec pytest

    pins = {}
    for name in needed_packages(python):
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            raise PackagingError(
                f"{name} n'est pas installé ici : pip install -e \".[enseignant]\" d'abord"
            ) from None
        accepted = metadata.metadata(name).get("Requires-Python") or ""
        if not SpecifierSet(accepted).contains(python):
            raise PackagingError(
                f"{name} {version} demande Python {accepted}, pas {python} : installez ici les "
                'versions que donne pip install -e ".[enseignant]"'
            )
        pins[name] = version
    return pins


def grader_bundle(
    root: Path,
    class_secret: str,
    programs: list[str],
    game: dict[str, str] | None = None,
    vendor: bool = True,
) -> tuple[dict[str, tuple[bytes, int]], Vendored | None]:
    """Le paquet d'une plateforme : chemin → (octets, droits). Sous ``correcteur/`` : le
    correcteur et les ``programs`` de la plateforme, parso, les réglages de pytest, le
    secret (``secret.txt``, lisible par son seul propriétaire) et, pour un serveur qui n'a
    que Python (VPL, CodeRunner : ``vendor``), pytest et hypothesis sous
    ``correcteur/site/`` ; sous ``jeu/tp_demineur/``, le jeu ``game`` s'il y en a un.
    Renvoie aussi ce qu'il emporte de pytest et hypothesis (d'où le Python qui peut le
    lire), None sans ``vendor`` (INGInious les installe dans son image)."""
    files: dict[str, tuple[bytes, int]] = {}
    for name, path in grader_files(root, programs).items():
        files[f"correcteur/{name}"] = (path.read_bytes(), REGULAR)
    files |= {f"correcteur/{name}": (data, REGULAR) for name, data in carried_files().items()}
    pyproject = pytest_settings((root / "pyproject.toml").read_text(encoding="utf-8"))
    files["correcteur/pyproject.toml"] = (pyproject.encode(), REGULAR)
    files[f"correcteur/{SECRET_FILE}"] = (f"{class_secret}\n".encode(), PRIVATE)
    vendored = vendored_files("correcteur/site") if vendor else None
    if vendored is not None:
        files |= {name: (data, REGULAR) for name, data in vendored.files.items()}
    for name, text in (game or {}).items():
        files[f"jeu/tp_demineur/{name}"] = (text.encode(), REGULAR)
    return files, vendored


def preparation_script(
    parts: list[str], encoding: str, digest: str, vendored: Vendored, options: list[str]
) -> str:
    """La préparation (:data:`PREPARATION`), avec ce qu'elle doit savoir du paquet : ses
    parties et leur codage (``base64`` : du texte coupé en parties ; ``zip`` : le zip en une
    partie), son empreinte, le Python qui peut le lire, les options de la notation."""
    template = PREPARATION.read_text(encoding="utf-8")
    settings = {
        "parts": parts,
        "encoding": encoding,
        "sha256": digest,
        "python": list(vendored.python),
        "exact": vendored.exact,
        "machine": vendored.machine,
        "options": options,
    }
    line = f"BUNDLE = {settings!r}"  # un dict de Python, écrit tel qu'il se relit
    # La ligne du modèle, sur une ou plusieurs lignes : « BUNDLE = {…} ».
    pattern = r"^BUNDLE = \{.*?\}$"
    text, count = re.subn(pattern, lambda _: line, template, count=1, flags=re.M | re.S)
    if count != 1:
        raise PackagingError(f"{PREPARATION.name} : la ligne BUNDLE = {{…}} est introuvable")
    return text


def write_atomically(dest: Path, data: bytes) -> None:
    """Écrit ``dest`` d'un coup : un fichier à moitié écrit n'est jamais laissé à DEST. Il
    n'est lisible que par son propriétaire (ce qu'écrivent les plateformes porte le secret
    des cas)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}-")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, dest)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
