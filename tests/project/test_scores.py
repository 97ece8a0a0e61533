"""Le fichier des meilleurs temps (``tp_demineur/scores.py``)."""

import json
from pathlib import Path

import pytest

from tp_demineur import scores
from tp_demineur.scores import KEEP, BestTime, Problem, ScoresError

pytestmark = pytest.mark.projet


def test_chemin_xdg_puis_home() -> None:
    assert scores.scores_path({"XDG_DATA_HOME": "/donnees", "HOME": "/home/ada"}) == Path(
        "/donnees/tp_demineur/meilleurs_temps.json"
    )
    for xdg in ("", "relatif/dossier"):
        path = scores.scores_path({"XDG_DATA_HOME": xdg, "HOME": "/home/ada"})
        assert path == Path("/home/ada/.local/share/tp_demineur/meilleurs_temps.json")
    assert scores.scores_path({"HOME": "/home/ada"}).parent.parent == Path("/home/ada/.local/share")
    with pytest.raises(ScoresError) as error:
        scores.scores_path({})
    assert error.value.problem is Problem.NO_FOLDER
    assert "XDG_DATA_HOME" in error.value.warning()


def test_aller_retour(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "meilleurs_temps.json"
    assert scores.load(path) == {}  # pas encore de fichier : pas de temps, pas d'erreur
    table: scores.Table = {}
    scores.add(table, "9x9-10", BestTime(42.3, "2026-11-23", 17))
    scores.add(table, "30x16-99", BestTime(300.0, "2026-11-24", None))
    scores.save(path, table)
    assert scores.load(path) == table
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # pas de fichier temporaire
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == 1
    assert data["temps"]["9x9-10"] == [{"secondes": 42.3, "date": "2026-11-23", "graine": 17}]


def test_rangs_et_les_cinq_meilleurs() -> None:
    table: scores.Table = {}
    ranks = [scores.add(table, "k", BestTime(t, "2026-01-01")) for t in (50, 40, 60, 40, 10, 70)]
    assert ranks == [1, 1, 3, 2, 1, None]
    assert [entry.seconds for entry in table["k"]] == [10, 40, 40, 50, 60]
    assert len(table["k"]) == KEEP
    assert scores.add(table, "k", BestTime(60, "2026-01-02")) is None  # égalité : l'ancien reste


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{",
        "[]",
        "null",
        '{"format": 2, "temps": {}}',
        '{"format": 1}',
        '{"format": 1, "temps": []}',
        '{"format": 1, "temps": {"9x9": []}}',
        '{"format": 1, "temps": {"9x9-10": {}}}',
        '{"format": 1, "temps": {"9x9-10": [{"secondes": "vite", "date": "x"}]}}',
        '{"format": 1, "temps": {"9x9-10": [{"secondes": -1, "date": "x"}]}}',
        '{"format": 1, "temps": {"9x9-10": [{"secondes": true, "date": "x"}]}}',
        '{"format": 1, "temps": {"9x9-10": [{"secondes": 1, "date": 3}]}}',
        '{"format": 1, "temps": {"9x9-10": [{"secondes": 1, "date": "x", "graine": 1.5}]}}',
        '{"format": 1, "temps": {"9x9-10": [3]}}',
    ],
)
def test_fichier_abime(tmp_path: Path, content: str) -> None:
    path = tmp_path / "meilleurs_temps.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ScoresError) as error:
        scores.load(path)
    assert error.value.problem is Problem.CORRUPT
    warning = error.value.warning()
    assert "\n" not in warning and str(path) in warning and "abîmé" in warning


def test_fichier_qui_n_est_pas_du_texte(tmp_path: Path) -> None:
    path = tmp_path / "meilleurs_temps.json"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ScoresError) as error:
        scores.load(path)
    assert error.value.problem is Problem.UNREADABLE


def test_fichier_illisible(tmp_path: Path) -> None:
    path = tmp_path / "meilleurs_temps.json"
    path.mkdir()  # un dossier à la place du fichier : illisible, même pour root
    with pytest.raises(ScoresError) as error:
        scores.load(path)
    assert error.value.problem is Problem.UNREADABLE
    assert "dossier" in error.value.warning()


def test_fichier_impossible_a_ecrire(tmp_path: Path) -> None:
    blocker = tmp_path / "tp_demineur"
    blocker.write_text("un fichier là où le dossier devrait être", encoding="utf-8")
    path = blocker / "meilleurs_temps.json"
    with pytest.raises(ScoresError) as error:
        scores.save(path, {"9x9-10": [BestTime(1.0, "2026-01-01")]})
    assert error.value.problem is Problem.UNWRITABLE
    assert "\n" not in error.value.warning()
    assert blocker.read_text(encoding="utf-8").startswith("un fichier")


def test_ecriture_ratee_ne_laisse_rien(tmp_path: Path) -> None:
    path = tmp_path / "meilleurs_temps.json"
    path.mkdir()  # os.replace échoue : on ne peut pas remplacer un dossier par un fichier
    (path / "dedans").write_text("x", encoding="utf-8")
    with pytest.raises(ScoresError):
        scores.save(path, {})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["meilleurs_temps.json"]


def test_ordre_d_affichage() -> None:
    keys = ["5x5-3", "30x16-99", "9x9-10", "16x16-40", "4x4-2"]
    assert sorted(keys, key=scores.key_order) == [
        "9x9-10",
        "16x16-40",
        "30x16-99",
        "4x4-2",
        "5x5-3",
    ]
