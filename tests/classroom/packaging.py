"""Ce que les plateformes de notation emportent : le correcteur, la référence et les
réglages de pytest, écrits une fois pour Gradescope (``build_gradescope.py``) et pour
Moodle VPL (``build_vpl.py``).

Chaque plateforme ajoute ses propres programmes (``programs``) ; VPL, qui n'installe
rien, emporte aussi pytest et hypothesis (:func:`vendored_files`).
"""

from __future__ import annotations

import io
import os
import re
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

# Le correcteur : ses modules (grading/, classroom/), les tests notés (graded/, les
# seuls que lit une notation, voir conftest.py) ; chaque plateforme y ajoute son programme.
GRADER_FILES = ["conftest.py", "options.py", "tools/__init__.py"]
GRADER_PACKAGES = ["grading", "classroom", "graded"]
REFERENCE_FILES = ["__init__.py", "python_version.py", "tp.py", "arguments.py"]  # relais, options
EXECUTABLE = 0o100755
REGULAR = 0o100644
PRIVATE = 0o100600
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # la même date partout : le même zip pour le même dépôt

# Ce qu'une notation importe au-delà de la bibliothèque standard : pytest, hypothesis, et
# ce dont ils dépendent d'après leurs métadonnées (:func:`needed_packages`).
NOTATION_ROOTS = ["pytest", "hypothesis"]
# Les versions de Python qu'un paquet peut trouver chez une plateforme : une dépendance
# marquée pour l'une d'elles (« python_version < '3.11' ») est emportée si elle est
# installée ici ; les extras « test » du pyproject.toml installent celles d'avant 3.11.
PYTHONS = ["3.10", "3.11", "3.12", "3.13", "3.14"]


class PackagingError(Exception):
    """Le paquet d'une plateforme ne peut pas être construit (message en français)."""


def grader_files(root: Path, programs: list[str]) -> dict[str, Path]:
    """Le correcteur, les programmes ``programs`` (sous ``tests/``) et la référence :
    chemin dans le paquet → fichier du dépôt."""
    tests = root / "tests"
    files = {f"tests/{name}": tests / name for name in [*GRADER_FILES, *programs]}
    for package in GRADER_PACKAGES:
        files |= {
            f"tests/{package}/{path.name}": path for path in sorted(tests.glob(f"{package}/*.py"))
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
            f"{name} n'est pas installé ici : pip install -e \".[test]\" d'abord"
        ) from None
    files = {}
    for path in distribution.files or []:
        relative = path.as_posix()
        if relative.startswith("..") or "__pycache__" in relative:
            continue  # les programmes de bin/, le bytecode de cette machine
        if relative.endswith((".pyc", ".so", ".pyd")):
            continue  # compilé pour ce Python-ci : la version en Python pur est lue ailleurs
        files[relative] = Path(path.locate()).read_bytes()
    if not files:
        raise PackagingError(f"les fichiers de {name} sont introuvables ici")
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


def vendored_files(prefix: str) -> tuple[dict[str, bytes], tuple[int, int]]:
    """pytest, hypothesis et leurs dépendances, tels qu'installés ici, sous ``prefix`` ;
    et la plus ancienne version de Python qui peut les lire : la première de ``PYTHONS``
    dont toutes les dépendances sont installées ici (3.10 : exceptiongroup, tomli et
    typing_extensions aussi)."""
    usable = [python for python in PYTHONS if all(map(installed, needed_packages(python)))]
    if not usable:
        missing = [name for name in needed_packages(PYTHONS[-1]) if not installed(name)]
        raise PackagingError(
            f'{", ".join(missing)} : pas installé ici (pip install -e ".[test]" d\'abord)'
        )
    oldest = usable[0]
    names = dict.fromkeys(name for python in usable for name in needed_packages(python))
    files = {}
    for name in names:
        files |= {f"{prefix}/{path}": data for path, data in distribution_files(name).items()}
    return files, tuple(map(int, oldest.split(".")))


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
    dest.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.stem}-", suffix=".zip")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(zip_bytes(files))
        os.replace(temporary, dest)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
