"""En quelle langue est un message : français, anglais, ou on ne sait pas.

Le contrat demande, après chaque réponse refusée de ``main`` et de ``ask_move``, un message
en français. Un message est jugé sur des preuves, jamais sur l'absence d'un mot :

- une preuve du français : une lettre accentuée du français (é, è, à, ç…) ou un mot du
  lexique français (``FRENCH_WORDS`` : les mots outils, et ce que dit un message de refus :
  « coup », « entier », « recommencez », « hors »…) ;
- une preuve de l'anglais : un mot du lexique anglais (``ENGLISH_WORDS``, de même).

Un message qui a une preuve du français est en français, même s'il a aussi des mots
anglais (« Erreur : invalid input » : le doute profite à l'étudiant) ; un message qui n'a
que des preuves de l'anglais est en anglais (« Bad », « Try again », « Invalid input ») ;
un message sans preuve ni de l'un ni de l'autre (« ??? 3 », « Format incorrect ») n'est
pas jugé. Les mots des deux langues (« incorrect », « format », « type », « position »,
« question », « large », « positive », « a », « on »…) et les lettres seules (« x et y »)
ne sont dans aucun lexique. ``tests/project/test_french_messages.py``
mesure ce jugement sur des messages réalistes dans les deux langues, et dit ses limites.

>>> language("Coup invalide, recommencez")
'fr'
>>> language("Try again")
'en'
>>> language("Format incorrect") is None
True
"""

from __future__ import annotations

import re
import unicodedata

# Les lettres accentuées du français (l'anglais n'en a pas dans un message de refus).
FRENCH_LETTERS = re.compile("[àâäçéèêëîïôöùûüÿœæ]")

# Les mots du français (sans accents : le texte est comparé replié, « déjà » → « deja »).
FRENCH_WORDS = frozenset(
    """
    le la les de des du un une et ou en au aux ce cet cette ces ne pas plus que qui quoi
    est sont sera etre il elle ils elles vous tu te je nous votre vos ta tes mon ma mes sa
    ses dans sur sous avec sans pour par entre vers chez mais donc si deja encore trop
    tres bien mal ici seulement uniquement toujours jamais rien
    case cases coup coups ligne lignes colonne colonnes valeur valeurs nombre nombres
    entier entiers chiffre chiffres mot mots lettre lettres reponse reponses question
    plateau grille largeur hauteur coordonnee coordonnees abscisse ordonnee hors dehors
    bornes borne ouverte ouvertes ouvert ouverts fermee vide vides deux trois quatre
    positif negatif grand grande petit petite superieur inferieur
    compris comprise attendu attendus attendue exemple oui non merci svp oups zut bof
    erreur erreurs invalide invalides incorrecte incorrectes mauvais mauvaise mauvaises
    faux fausse refuse refusee refusees interdit interdite autorise autorisee permis
    permise valide valides juste recommencez recommence reessayez reessaie essayez
    essaie tapez entrez saisissez saisis donnez donne choisissez choisis indiquez
    veuillez doit doivent devez dois faut fallait manque manquent desole desolee hein
    alors
    """.split()
)

# Les mots de l'anglais, de même (aucun mot des deux langues).
ENGLISH_WORDS = frozenset(
    """
    the is are be was not no yes please enter input invalid wrong bad error errors
    try again retry must should need needs only one two three number numbers integer
    integers digit digits value values valid out of range outside inside between and
    or off board cell cells already opened open move moves your you this that it its
    sorry oops nope allowed too big small width height column columns row rows
    line lines empty missing expected give choose pick whole word words letter letters
    coordinate coordinates greater less than what huh hey
    can cannot can't don't isn't doesn't do does has have with for to in at by from
    again unknown illegal forbidden taken used here there must numeric answer
    """.split()
)


def fold(text: str) -> str:
    """Le texte en minuscules, sans accents."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def words(text: str) -> set[str]:
    """Les mots du texte, repliés (les apostrophes anglaises gardées : « can't »)."""
    return set(re.findall(r"[a-z]+(?:'[a-z]+)?", fold(text).replace("’", "'"))) | set(
        re.findall(r"[a-z]+", fold(text))
    )


def language(text: str) -> str | None:
    """« fr » s'il y a une preuve du français, sinon « en » s'il y a une preuve de
    l'anglais, sinon None (on ne sait pas)."""
    if FRENCH_LETTERS.search(text.lower()):
        return "fr"
    found = words(text)
    if found & FRENCH_WORDS:
        return "fr"
    if found & ENGLISH_WORDS:
        return "en"
    return None


def english(text: str) -> bool:
    """Le message est-il en anglais, sans preuve du français ?"""
    return language(text) == "en"
