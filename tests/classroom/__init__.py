"""Les moteurs des commandes des enseignants (``tests/tools/``) : noter un rendu
(``runner.py``, avec le lanceur pré-chargé ``launcher.py``), ce que contient le dossier
d'une classe, les archives, le format de Moodle, le tableur, les retours, la synthèse et
la page de la classe, les copies ; le kit étudiant (``kit.py``) ; ce que les plateformes
emportent (``packaging.py``), ce qu'elles reçoivent ou affichent (Moodle VPL :
``vpl.py`` ; un dépôt Gradescope est préparé comme un rendu de la classe :
``entries.prepare``). Rien ici n'importe ``tools``."""
