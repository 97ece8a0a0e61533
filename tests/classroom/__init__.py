"""La notation d'une classe entière (``tests/tools/grade_class.py``) : ce que contient le dossier
des rendus, les archives, le format de Moodle, le tableur, la synthèse."""
