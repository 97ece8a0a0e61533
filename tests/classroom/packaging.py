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

# Ce qu'importe une notation, au-delà de la bibliothèque standard : pytest, hypothesis et
# leurs dépendances. pygments (la couleur du code, jamais lue sans terminal) et colorama
# (Windows) n'en sont pas ; exceptiongroup et tomli ne servent qu'avant Python 3.11.
NOTATION_PACKAGES = ["pytest", "pluggy", "iniconfig", "packaging", "hypothesis", "sortedcontainers"]
BEFORE_311_PACKAGES = ["exceptiongroup", "tomli"]


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
        if relative.startswith("..") or "__pycache__" in relative or relative.endswith(".pyc"):
            continue  # les programmes de bin/, le bytecode de cette machine
        files[relative] = Path(path.locate()).read_bytes()
    if not files:
        raise PackagingError(f"les fichiers de {name} sont introuvables ici")
    return files


def vendored_files(prefix: str) -> tuple[dict[str, bytes], tuple[int, int]]:
    """pytest, hypothesis et leurs dépendances, tels qu'installés ici, sous ``prefix`` ;
    et la plus ancienne version de Python qui peut les lire : 3.10 si exceptiongroup et
    tomli sont là (installés ici par un Python 3.10), 3.11 sinon."""
    names = list(NOTATION_PACKAGES)
    oldest = (3, 10)
    for name in BEFORE_311_PACKAGES:
        try:
            metadata.distribution(name)
            names.append(name)
        except metadata.PackageNotFoundError:
            oldest = (3, 11)
    files = {}
    for name in names:
        files |= {f"{prefix}/{path}": data for path, data in distribution_files(name).items()}
    return files, oldest


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
