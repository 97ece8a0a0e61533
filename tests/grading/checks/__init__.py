"""Les vérifications du contrat, une par classe d'entrées de chaque fonction.

Un module par question du sujet, comme ``tests/graded/`` : ``q3_main``, ``q4_initialise``,
``q5_neighbours``, ``q6_display``, ``q7_move``, ``q8_flood``, ``q9_end``, ``q10_game`` ;
``common`` tient ce qu'elles partagent (l'échec et son message, les attentes communes),
``load`` dit en français ce qu'a donné le chargement du code, et ``drawn`` lit les
plateaux écrits en texte des balayages.

Chaque vérification reçoit la soumission, un cas (un dictionnaire de données simples)
et, s'il y en a, le résultat attendu ; elle appelle la fonction de l'étudiant et lève
:class:`common.Echec` avec un message en français qui dit ce qui ne va pas et dessine
l'exemple. Les résultats attendus viennent d'ailleurs (de la référence ou d'un oracle
pour le correcteur, d'un fichier pour le kit) : ces modules ne contiennent aucune
solution.
"""
