"""Les messages d'erreur de Python (de syntaxe, et des exceptions les plus courantes),
expliqués en français.

Ce module ne dépend que de la bibliothèque standard : le correcteur l'emporte dans
son processus de travail (à côté de ``rescue.py``), et le kit de l'étudiant le
copie dans son paquet ``tp_demineur`` (le jeu y explique une erreur de syntaxe de
``tp.py``). Il est écrit ici une seule fois.

>>> explain_syntax("expected ':'")
"il manque « : » à la fin de la ligne (Python : « expected ':' »)"
"""

import collections
import re
import sys

# (motif du message de Python, explication en français) : la première qui convient.
SYNTAX_MESSAGES = [
    (
        r"invalid syntax\. Maybe you meant '==' or ':=' instead of '='\?",
        "un « = » (affectation) là où Python attend une comparaison : « == » ?",
    ),
    (r"invalid syntax\. Perhaps you forgot a comma\?", "il manque sans doute une virgule"),
    (r"expected ':'", "il manque « : » à la fin de la ligne"),
    (
        r"expected an indented block after (?:'(?P<kw>\w+)' statement|function definition|"
        r"class definition)? ?on line (?P<n>\d+)",
        "il manque le bloc décalé (indenté) qui doit suivre la ligne {n}",
    ),
    (r"expected an indented block", "il manque un bloc décalé (indenté)"),
    (r"unexpected indent", "cette ligne est décalée (indentée) sans raison"),
    (
        r"unindent does not match any outer indentation level",
        "le retrait de cette ligne ne correspond à aucun niveau de décalage au-dessus",
    ),
    (
        r"inconsistent use of tabs and spaces in indentation",
        "tabulations et espaces mélangés dans le décalage des lignes",
    ),
    (
        r"too many nested parentheses",
        "trop de parenthèses imbriquées (Python en permet au plus 200)",
    ),
    (
        r"'(?P<c>.)' was never closed",
        "« {c} » ouvert{e} ici et jamais fermé{e} : il manque {un} « {o} » ?",
    ),
    (r"unmatched '(?P<c>.)'", "« {c} » fermé{e} sans avoir été ouvert{e} : {un} en trop ?"),
    (
        r"closing parenthesis '(?P<c>.)' does not match opening parenthesis '(?P<o>.)'",
        "« {c} » ne peut pas fermer « {o} »",
    ),
    (
        r"unterminated triple-quoted string literal",
        "une chaîne entre triples guillemets ouverte sur cette ligne n'est jamais fermée",
    ),
    (
        r"unterminated string literal|EOL while scanning string literal",
        "une chaîne de caractères n'est pas fermée (il manque le guillemet de fin)",
    ),
    (
        r"Missing parentheses in call to '(?P<f>\w+)'",
        "il manque les parenthèses : {f}(...) (syntaxe de Python 3)",
    ),
    (
        r"invalid character '(?P<c>.)' \((?P<u>U\+[0-9A-F]+)\)",
        "caractère « {c} » ({u}) interdit dans le code (un guillemet ou un tiret typographique ?)",
    ),
    (r"invalid non-printable character", "caractère invisible interdit dans le code"),
    (r"invalid decimal literal", "nombre mal écrit (un nom ne peut pas commencer par un chiffre)"),
    (r"leading zeros in decimal integer literals", "un nombre entier ne peut pas commencer par 0"),
    (
        r"'(?P<kw>return|yield|await)' outside (?:async )?function",
        "« {kw} » en dehors d'une fonction (un décalage oublié ?)",
    ),
    (
        r"'(?P<kw>break|continue)' (?:not properly in|outside) loop",
        "« {kw} » en dehors d'une boucle (un décalage oublié ?)",
    ),
    (
        r"cannot assign to (?P<what>.+?)(?: here)?\.? Maybe you meant '==' instead of '='\?",
        "affectation impossible à {what} : vouliez-vous comparer avec « == » ?",
    ),
    (r"cannot assign to (?P<what>.+)", "affectation impossible à {what}"),
    (
        r"from __future__ imports must occur at the beginning of the file",
        "« from __future__ import » doit venir en tête du fichier",
    ),
    (r"f-string", 'f-chaîne (f"...") mal écrite'),
    (r"invalid syntax", "syntaxe invalide"),
]


# Les parenthèses, crochets et accolades : l'accord de leur nom (« {e} »), ce qu'en dit un
# message (« {un} »), et ce qui ferme une ouverture (« {o} »).
BRACKETS = {
    "(": {"e": "e", "un": "une parenthèse", "o": ")"},
    ")": {"e": "e", "un": "une parenthèse"},
    "[": {"e": "", "un": "un crochet", "o": "]"},
    "]": {"e": "", "un": "un crochet"},
    "{": {"e": "e", "un": "une accolade", "o": "}"},
    "}": {"e": "e", "un": "une accolade"},
}

# Ce à quoi Python refuse d'affecter (« cannot assign to subscript »).
TARGETS = {
    "subscript": "un élément de liste (t[i])",
    "function call": "un appel de fonction",
    "literal": "une valeur écrite telle quelle",
    "attribute": "un attribut",
    "comparison": "une comparaison",
    "expression": "une expression",
    "conditional expression": "une expression conditionnelle",
}


def explain_syntax(message: str) -> str:
    """Le message d'erreur de syntaxe de Python, expliqué en français (l'original suit).

    >>> explain_syntax("expected ':'")
    "il manque « : » à la fin de la ligne (Python : « expected ':' »)"
    >>> explain_syntax("unmatched ')'")
    "« ) » fermée sans avoir été ouverte : une parenthèse en trop ? (Python : « unmatched ')' »)"
    """
    for pattern, french in SYNTAX_MESSAGES:
        match = re.match(pattern, message)
        if match:
            parts = {k: TARGETS.get(v, v) for k, v in match.groupdict().items() if v}
            parts |= BRACKETS.get(parts.get("c", ""), {})
            return f"{french.format_map(collections.defaultdict(str, parts))} " + (
                f"(Python : « {message} »)"
            )
    return f"erreur de syntaxe (Python : « {message} »)"


# Les messages des exceptions de Python qu'un débutant rencontre le plus, en français :
# (motif, explication) ; la première qui convient.
RUNTIME_MESSAGES = [
    (
        r"(?P<f>\w+)\(\) takes (?P<n>\d+) positional arguments? but (?P<m>\d+) (?:was|were) given",
        "{f} est appelée avec {m} argument(s), mais elle est définie avec {n} paramètre(s)",
    ),
    (
        r"(?P<f>\w+)\(\) takes no arguments? \((?P<m>\d+) given\)",
        "{f} est appelée avec {m} argument(s), mais elle est définie sans paramètre",
    ),
    (
        r"(?P<f>\w+)\(\) missing (?P<n>\d+) required positional arguments?: (?P<names>.+)",
        "{f} est appelée sans valeur pour {names} : sa définition a des paramètres en trop",
    ),
    (
        r"(?P<f>\w+)\(\) got an unexpected keyword argument '(?P<kw>\w+)'",
        "{f} n'a pas de paramètre nommé {kw}",
    ),
    (
        r"maximum recursion depth exceeded",
        "trop d'appels récursifs imbriqués",
    ),
    (r"list index out of range", "indice hors de la liste (plus grand que sa longueur - 1)"),
    (
        r"list assignment index out of range",
        "affectation t[i] = ... avec un indice hors de la liste",
    ),
    (
        r"list indices must be integers or slices, not (?P<t>\w+)",
        "un indice de liste doit être un entier, pas {t}",
    ),
    (
        r"invalid literal for int\(\) with base 10: (?P<v>.*)",
        "int() ne sait pas lire {v} comme un nombre entier",
    ),
    (r"'(?P<t>\w+)' object is not subscriptable", "{t} ne s'indexe pas avec [ ]"),
    (r"'(?P<t>\w+)' object is not iterable", "on ne parcourt pas {t} (for, in, x, y = ...)"),
    (r"'(?P<t>\w+)' object is not callable", "{t} n'est pas une fonction : on ne l'appelle pas"),
    (
        r"'(?P<t>\w+)' object does not support item assignment",
        "{t} ne se modifie pas case par case (t[i] = ...)",
    ),
    (r"'(?P<t>\w+)' object has no attribute '(?P<attr>\w+)'", "{t} n'a pas d'attribut {attr}"),
    (r"cannot unpack non-iterable (?P<t>\w+) object", "x, y = ... sur {t}, pas sur un couple"),
    (r"EOF when reading a line", "fin de l'entrée pendant la lecture d'une ligne"),
    (
        r"too many values to unpack \(expected (?P<n>\d+)(?:, got \d+)?\)",
        "x, y = ... : plus de {n} valeurs à répartir",
    ),
    (
        r"not enough values to unpack \(expected (?P<n>\d+), got (?P<m>\d+)\)",
        "x, y = ... : {m} valeur(s) seulement, pour {n} noms",
    ),
    (
        r"name '(?P<n>\w+)' is not defined",
        "le nom {n} n'est défini nulle part ici (faute de frappe ? variable d'une autre "
        "fonction ?)",
    ),
    (
        r"(?:cannot access )?local variable '(?P<n>\w+)' (?:referenced before assignment|"
        r"where it is not associated with a value)",
        "la variable {n} est lue avant d'avoir reçu une valeur dans la fonction",
    ),
    (
        r"unsupported operand type\(s\) for (?P<op>\S+): '(?P<a>\w+)' and '(?P<b>\w+)'",
        "l'opération {op} entre {a} et {b} n'existe pas",
    ),
    (
        r"can only concatenate str \(not \"(?P<t>\w+)\"\) to str",
        "+ entre un texte et {t} : convertissez avec str(...)",
    ),
    (
        r"'(?P<op>[<>]=?)' not supported between instances of '(?P<a>\w+)' and '(?P<b>\w+)'",
        "la comparaison {op} entre {a} et {b} n'existe pas",
    ),
    (r"division by zero|integer division or modulo by zero", "division par zéro"),
    (
        r"(?P<f>min|max)\(\) (?:arg is an empty sequence|iterable argument is empty)",
        "{f}() sur une suite vide : il lui faut au moins une valeur",
    ),
    (r"object of type '(?P<t>\w+)' has no len\(\)", "len() ne s'applique pas à {t}"),
    (
        r"'(?P<t>\w+)' object cannot be interpreted as an integer",
        "{t} là où Python attend un entier (range, indice…)",
    ),
    (r"string index out of range", "indice hors du texte (plus grand que sa longueur - 1)"),
    (r"tuple index out of range", "indice hors du tuple (plus grand que sa longueur - 1)"),
    (r"pop from empty list", "pop() sur une liste vide"),
    (r"(?P<v>.+) is not in list", "index() : {v} n'est pas dans la liste"),
    (r"list\.remove\(x\): x not in list", "remove() : la valeur n'est pas dans la liste"),
    (r"Cannot choose from an empty sequence", "random.choice sur une suite vide"),
    (r"empty range (?:for|in) randrange", "random.randrange sur un intervalle vide"),
    (
        r"Sample larger than population or is negative",
        "random.sample demande plus de valeurs que la population n'en a",
    ),
    (
        r"unhashable type: '(?P<t>\w+)'",
        "{t} ne peut être ni clé de dictionnaire ni élément d'ensemble",
    ),
    (
        r"can't multiply sequence by non-int of type '(?P<t>\w+)'",
        "une liste ou un texte ne se multiplie que par un entier, pas par {t}",
    ),
    (
        r"Exceeds the limit \((?P<n>\d+) digits\) for integer string conversion",
        "int() ne lit pas un nombre de plus de {n} chiffres",
    ),
    (
        r"(?:dictionary|Set|set) changed size during iteration",
        "un dictionnaire ou un ensemble modifié pendant qu'on le parcourt",
    ),
]


# Les types que nomment ces messages, avec leur article (les autres : « un <type> »).
TYPES = {
    "NoneType": "None (ce que renvoie une fonction sans return)",
    "int": "un entier",
    "float": "un nombre à virgule",
    "str": "un texte (str)",
    "bool": "un booléen",
    "list": "une liste",
    "tuple": "un tuple",
    "dict": "un dictionnaire",
    "function": "une fonction",
}
TYPED = {"t", "a", "b"}  # les groupes des motifs qui nomment un type


def explain_runtime(message: str) -> str:
    """Le message d'une exception de Python, expliqué en français (l'original suit) ; tel
    quel s'il n'est pas dans :data:`RUNTIME_MESSAGES`.

    >>> explain_runtime("is_coord_ok() takes 3 positional arguments but 4 were given")
    'is_coord_ok est appelée avec 4 argument(s), mais elle est définie avec 3 paramètre(s) \
(Python : « is_coord_ok() takes 3 positional arguments but 4 were given »)'
    """
    for pattern, french in RUNTIME_MESSAGES:
        match = re.match(pattern, message)
        if match:
            parts = {
                k: (TYPES.get(v, f"un {v}") if k in TYPED else v)
                for k, v in match.groupdict().items()
                if v
            }
            return f"{french.format_map(collections.defaultdict(str, parts))} " + (
                f"(Python : « {message} »)"
            )
    return message


def syntax_error_report(error: SyntaxError) -> str:
    r"""Une erreur de syntaxe expliquée à qui a écrit le fichier : où, la ligne, pourquoi.

    >>> try:
    ...     compile("def f():\n    for x in t\n        pass\n", "tp.py", "exec")
    ... except SyntaxError as error:
    ...     print(syntax_error_report(error))
    Votre fichier tp.py ne se compile pas, ligne 2 :
        for x in t
                  ^
    il manque « : » à la fin de la ligne (Python : « expected ':' »).
    """
    name = (error.filename or "tp.py").replace("\\", "/").rsplit("/", 1)[-1]
    lines = [f"Votre fichier {name} ne se compile pas, ligne {error.lineno} :"]
    text = (error.text or "").rstrip("\n")
    if text.strip():
        code = text.lstrip()
        column = max(0, (error.offset or 1) - 1 - (len(text) - len(code)))
        lines += [f"    {code}", "    " + " " * min(column, len(code)) + "^"]
    lines.append(explain_syntax(error.msg) + ".")
    return "\n".join(lines)


def stop_on_syntax_error(path: str) -> None:
    """Pour le jeu du kit : si ``path`` ne se compile pas, l'explique en français (sans la
    trace de Python) et arrête le programme ; sinon, ne fait rien."""
    try:
        with open(path, "rb") as handle:
            compile(handle.read(), path, "exec")
    except SyntaxError as error:
        print(syntax_error_report(error), file=sys.stderr)
        print(
            "Corrigez cette ligne dans tp_demineur/tp.py, puis relancez le jeu ; "
            "python -m pytest dit aussi quelles fonctions sont déjà justes.",
            file=sys.stderr,
        )
        raise SystemExit(1) from None
    except (OSError, ValueError):
        return
