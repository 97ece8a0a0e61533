"""La notation d'une classe entière (``tests/noter_classe.py``) : ce que contient le dossier
des rendus, les archives, le format de Moodle, le tableur, la synthèse."""
