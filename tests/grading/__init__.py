"""Le moteur du correcteur du TP démineur, par couches ; chacune n'importe que des
modules de sa couche ou des couches d'avant :

0. fondations : ``contract.py`` (les fonctions du contrat et leurs paramètres),
   ``mark_scheme.py`` (le barème), ``secret.py`` (le secret des cas), ``config.py``,
   ``safe_text.py`` et ``python_messages.py`` (les textes), ``cells.py`` (les cellules
   d'un notebook noté) ;
1. bac à sable et messages : ``sandbox.py`` (bubblewrap), ``lockdown.py`` (ce que le
   processus de travail s'interdit), ``wire.py`` et ``channel.py`` (le dialogue en
   JSON vérifié), ``limits.py``, ``locate.py`` et ``private_copy.py`` (le rendu) ;
2. processus de travail : ``worker.py``, qui charge le rendu avec ``rescue.py`` (et
   parso, l'analyseur de Python qui tolère les erreurs) ;
3. juge et relais : ``judge.py`` (``Submission``), ``loading.py``, ``calls.py`` (un
   appel et ce qu'on en retient), ``relay.py`` (les autres fonctions, prêtées par la
   référence), ``standins.py`` (les remplaçants de la référence dans le kit) ;
4. vérifications : ``checks/`` (un module par question : chaque vérification et son
   message en français ; ``checks/common.py`` ce qu'elles partagent),
   ``expected.py`` (les oracles), ``strategies.py`` (les cas tirés), ``publics.py``
   (les cas publics), ``sweeps/`` (les balayages fixes de chaque classe d'entrées),
   ``boards.py``, ``stats.py`` ;
5. points : ``scoring.py`` (les points de chaque test, le tableau, results.json).

La classe et les plateformes (Moodle, Gradescope) sont dans ``tests/classroom/``.
"""
