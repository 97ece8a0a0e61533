"""Construire l'activité Moodle VPL du TP : les fichiers d'exécution à déposer.

    python tests/tools/build_vpl.py DEST [--secret SECRET] [--accepter-sans-isolation]

Écrit, à plat dans DEST :

- ``vpl_evaluate.sh`` (« Évaluer ») et ``vpl_run.sh`` (« Exécuter ») : ils lancent
  ``vpl_demineur.py``, qui prépare le correcteur ou le jeu puis écrit ``vpl_execution`` ;
- ``vpl_demineur.py`` : la préparation (bibliothèque standard seule), écrite une fois pour
  VPL et CodeRunner (``tests/data/platforms/preparation.py``) ;
- ``correcteur-1.b64``, ``correcteur-2.b64``… : un zip en base64, coupé en parties
  de moins de 1 Mio (la taille par défaut d'un fichier déposé dans VPL). Il contient le
  correcteur (``tests/`` sans les tests du projet, avec parso), la référence, les
  réglages de pytest, le secret des cas (``secret.txt``), pytest et hypothesis tels qu'installés
  ici (``site/`` : la prison de VPL n'a que Python) et le jeu du kit (``jeu/``) ;
- ``fichiers_a_garder.txt`` : les fichiers à cocher dans « Fichiers à conserver à
  l'exécution », un par ligne. Il est vide : la préparation installe tout ce qui sert
  avant que VPL n'efface les fichiers d'exécution, et efface elle-même le paquet, qui
  contient le secret (même coché, il n'est jamais lisible par le code de l'étudiant) ;
  on ne le dépose pas.

Deux constructions avec le même secret, dans le même environnement, écrivent les
mêmes fichiers.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import runpy
import shutil
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
sys.path.insert(1, str(ROOT))
sys.path.insert(1, str(TESTS))
# Un Python trop ancien : un message en français avant tout autre import.
runpy.run_path(str(ROOT / "tp_demineur" / "python_version.py"))["require_python"]()

from classroom.kit import game_package, kit_tp_text  # noqa: E402
from classroom.packaging import (  # noqa: E402
    EXECUTABLE,
    REGULAR,
    PackagingError,
    Vendored,
    grader_bundle,
    preparation_script,
    secret_choice,
    zip_bytes,
)
from grading import secret  # noqa: E402
from tools.grade_vpl import add_grading_options, grading_arguments  # noqa: E402
from tp_demineur.arguments import FrenchParser  # noqa: E402

TEMPLATES = TESTS / "data" / "vpl"
SCRIPTS = ["vpl_evaluate.sh", "vpl_run.sh"]
BOOTSTRAP = "vpl_demineur.py"  # la préparation (packaging.PREPARATION), sous ce nom
KEEP_LIST = "fichiers_a_garder.txt"
PROGRAMS = ["tools/grade_vpl.py"]  # ce que lance vpl_execution
# Une partie du paquet : 76 caractères par ligne, moins de 1 Mio en tout.
PART_LINES = 12_000
LINE = 76
UPLOAD_LIMIT = 1 << 20  # octets : la taille maximale par défaut d'un fichier déposé


def parts(data: bytes) -> list[str]:
    """Le zip en base64, coupé en parties de ``PART_LINES`` lignes au plus."""
    text = base64.b64encode(data).decode("ascii")
    lines = [text[i : i + LINE] for i in range(0, len(text), LINE)]
    return ["\n".join(lines[i : i + PART_LINES]) + "\n" for i in range(0, len(lines), PART_LINES)]


def execution_files(
    root: Path, class_secret: str, options: list[str]
) -> tuple[dict[str, tuple[str, int]], Vendored]:
    """Les fichiers d'exécution de l'activité : nom → (texte, droits) ; et ce qu'ils
    emportent de pytest et hypothesis."""
    files, vendored = grader_bundle(
        root, class_secret, PROGRAMS, game=game_package(root, kit_tp_text(root))
    )
    data = zip_bytes(files)
    pieces = parts(data)
    names = [f"correcteur-{number}.b64" for number in range(1, len(pieces) + 1)]
    written = {
        name: ((TEMPLATES / name).read_text(encoding="utf-8"), EXECUTABLE) for name in SCRIPTS
    }
    digest = hashlib.sha256(data).hexdigest()
    preparation = preparation_script(names, "base64", digest, vendored, options)
    written[BOOTSTRAP] = (preparation, REGULAR)
    written |= {name: (piece, REGULAR) for name, piece in zip(names, pieces)}
    for name, (text, _) in written.items():
        if len(text.encode()) >= UPLOAD_LIMIT:
            raise PackagingError(f"{name} dépasse 1 Mio : la limite par défaut de VPL")
    return written, vendored


def write_files(dest: Path, files: dict[str, tuple[str, int]]) -> None:
    """Écrit les fichiers dans ``dest`` (d'abord à côté, puis mis en place d'un coup :
    aucun dossier à moitié écrit ; les parties d'une construction précédente sont
    effacées)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(dir=dest.parent, prefix=f".{dest.name}-"))
    try:
        for name, (text, mode) in files.items():
            (stage / name).write_text(text, encoding="utf-8")
            (stage / name).chmod(mode & 0o777)
        (stage / KEEP_LIST).write_text("", encoding="utf-8")
        if dest.exists():
            old = [p for p in dest.iterdir() if p.name in files or p.name == KEEP_LIST]
            old += list(dest.glob("correcteur-*.b64"))
            for path in old:
                path.unlink()
            for path in stage.iterdir():
                path.replace(dest / path.name)
        else:
            stage.rename(dest)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def python_needed(vendored: Vendored) -> str:
    """Le Python qu'il faut sur le serveur d'exécution, dit à l'enseignant."""
    version = ".".join(map(str, vendored.python))
    if not vendored.exact:
        return f"Python {version} ou plus récent"
    return (
        f"Python {version} exactement, sur {vendored.machine} (pytest ou hypothesis, tels "
        f"qu'installés ici, emportent du code compilé : pour un autre Python, construisez "
        f"depuis un environnement de ce Python-là)"
    )


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = FrenchParser(
        prog="python tests/tools/build_vpl.py",
        description="Écrit les fichiers d'exécution de l'activité Moodle VPL du TP (à déposer "
        "dans « Fichiers d'exécution »).",
    )
    parameters = parser.add_argument_group("paramètre")
    parameters.add_argument("dest", type=Path, metavar="DEST", help="le dossier à écrire")
    options = parser.options_group()
    options.add_argument(
        "--secret",
        type=secret_choice,
        metavar="SECRET",
        help="le secret de l'activité, d'où chaque rendu tire ses cas (tiré au hasard s'il manque)",
    )
    add_grading_options(options)
    return parser.parse_args(argv)


def main(argv=None) -> int:
    arguments = parse_arguments(argv)
    drawn = arguments.secret is None
    class_secret = secret.draw() if drawn else arguments.secret
    options = grading_arguments(arguments)
    try:
        files, vendored = execution_files(ROOT, class_secret, options)
        write_files(arguments.dest, files)
    except (PackagingError, OSError) as error:
        print(f"Fichiers de VPL non écrits : {error}", file=sys.stderr)
        return 2
    print(f"{arguments.dest} : {len(files)} fichiers d'exécution à déposer ({', '.join(files)}).")
    print(
        "Fichiers à conserver à l'exécution : aucun (fichiers_a_garder.txt est vide) ; la "
        "préparation efface elle-même le paquet du correcteur."
    )
    isolation = "peut manquer" if options else "exigée (Landlock ou bubblewrap)"
    print(f"Sur le serveur d'exécution : {python_needed(vendored)} ; isolation : {isolation}.")
    print(
        f"Secret des cas{' (tiré au hasard)' if drawn else ''} : {class_secret}. Gardez-le "
        f"pour vous ; --secret {class_secret} reconstruit des fichiers qui notent à l'identique."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
