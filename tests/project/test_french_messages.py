"""La langue des messages (``grading/checks/french.py``), mesurée sur des messages réalistes.

Un message de refus en français ne doit jamais être pris pour de l'anglais (ce serait
retirer des points à un code juste) ; un message en anglais doit l'être, même très court.
Les tables ci-dessous sont des messages comme en écrivent les étudiants, avec ou sans
accents, longs ou d'un mot. Ce que le jugement ne sait pas faire est écrit à part
(``LIMITS``), avec le verdict mesuré : chacune de ces limites profite à l'étudiant.
"""

import pytest

from grading.checks.french import language

pytestmark = pytest.mark.projet

FRENCH = [
    "Tapez deux nombres entiers, x puis y, séparés par une espace.",
    "x et y doivent être des nombres entiers, par exemple : 3 2",
    "La case (3, 0) est hors du plateau : x va de 0 à 2 et y de 0 à 1.",
    "La case (0, 0) est déjà ouverte.",
    "Coup invalide, recommencez",
    "Coup invalide",
    "Coup hors plateau, recommencez",
    "Case deja ouverte, choisissez en une autre",
    "Ce n'est pas un nombre entier.",
    "Ce n'est pas un entier",
    "Pas un entier",
    "Erreur",
    "Erreur de saisie",
    "Mauvaise saisie !",
    "Non !",
    "Non : deux entiers.",
    "Refusé : un entier.",
    "Réessayez.",
    "Recommencez",
    "Encore une fois",
    "Hors plateau !",
    "Déjà ouverte !",
    "Trop grand ou trop petit",
    "Le nombre doit être entre 1 et 50.",
    "Le nombre doit etre entre 1 et 50.",
    "Il faut au moins 1.",
    "Il faut exactement deux nombres, x puis y.",
    "Entrez un nombre entre 1 et 20 svp",
    "Veuillez saisir deux entiers",
    "Donnez deux coordonnées",
    "Valeur incorrecte",
    "Coordonnées invalides",
    "Largeur invalide",
    "Hauteur trop grande",
    "Trop de mines",
    "Réponse refusée",
    "Oups, mauvaise case",
    "Impossible : case ouverte",
    "Ligne vide",
    "Mauvais format : il faut x y",
    "Format incorrect, recommencez",
    "Deux nombres attendus",
    "Nombre de mines invalide",
    "Tu dois taper deux nombres",
    "Tape deux nombres stp, pas des lettres",
    "Hein ?",
    "Entier attendu",
    "Cette case n'existe pas",
    "Saisie invalide : 'abc'",
    "ERREUR : VALEUR HORS LIMITES",
]

ENGLISH = [
    "Bad",
    "Bad input",
    "Try again",
    "Try again.",
    "Invalid input",
    "Invalid input, try again",
    "Invalid move",
    "Invalid!",
    "Wrong",
    "Wrong move!",
    "Error",
    "Error: not a number",
    "Please enter two integers",
    "Please type two integers, x then y.",
    "x and y must be integers.",
    "Cell (3, 0) is outside the board.",
    "Cell (0, 0) is already open.",
    "Already opened",
    "Out of range",
    "Out of bounds",
    "Not a number",
    "Not an integer",
    "Enter a number between 1 and 50",
    "Number too big",
    "Too many mines",
    "Width must be between 1 and 50",
    "Height out of range",
    "That cell is taken",
    "Nope",
    "Oops",
    "Sorry, invalid value",
    "Illegal move",
    "Two numbers expected",
    "Missing y",
    "Can't do that",
]

# Ce que le jugement ne sait pas faire : le message, le verdict mesuré, pourquoi.
LIMITS = [
    # Un message sans aucun mot des deux lexiques n'est pas jugé : accepté.
    ("Incorrect format", None, "« incorrect » et « format » sont des deux langues"),
    ("Invalid position", "en", "« invalid » suffit"),
    ("?", None, "pas un mot"),
    ("Nein", None, "ni français ni anglais"),
    # Une preuve du français l'emporte, même à côté de mots anglais : accepté.
    ("Erreur : invalid input", "fr", "« erreur » est français"),
    ("Case already open", "fr", "« case » est un mot du lexique français"),
    ("Invalid move, recommencez", "fr", "« recommencez » est français"),
]


@pytest.mark.parametrize("message", FRENCH)
def test_un_message_francais_n_est_jamais_pris_pour_de_l_anglais(message):
    assert language(message) != "en"


@pytest.mark.parametrize("message", FRENCH)
def test_un_message_francais_a_une_preuve_du_francais(message):
    assert language(message) == "fr"


@pytest.mark.parametrize("message", ENGLISH)
def test_un_message_anglais_est_reconnu(message):
    assert language(message) == "en"


@pytest.mark.parametrize("message, verdict, why", LIMITS)
def test_les_limites_mesurees(message, verdict, why):
    assert language(message) == verdict, why


def test_aucun_mot_dans_les_deux_lexiques():
    from grading.checks.french import ENGLISH_WORDS, FRENCH_WORDS

    assert not (ENGLISH_WORDS & FRENCH_WORDS)
