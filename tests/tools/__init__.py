"""Les commandes des enseignants : noter une classe (``grade_class.py``), construire le kit
étudiant (``build_kit.py``) et l'autograder de Gradescope (``build_gradescope.py``), noter
sur Gradescope (``grade_gradescope.py``)."""
