"""Les commandes des enseignants : noter une classe (``grade_class.py``), construire le kit
étudiant (``build_kit.py``), l'autograder de Gradescope (``build_gradescope.py``) et
l'activité Moodle VPL (``build_vpl.py``) ; noter sur Gradescope (``grade_gradescope.py``)
ou dans VPL (``grade_vpl.py``). Chacune lit ses options et appelle son moteur, dans
``classroom/``."""
