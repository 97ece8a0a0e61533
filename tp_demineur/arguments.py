"""Les options de la ligne de commande, avec des messages en français.

Le jeu, le kit et les programmes du correcteur lisent leurs options avec
:class:`FrenchParser` ; ce module ne dépend que de la bibliothèque standard, pour
que le correcteur l'emporte seul (sur Gradescope par exemple).

>>> parse = bounded_int(1, 3)
>>> parse("2")
2
"""

import argparse
import re
import sys
from typing import ClassVar


class FrenchParser(argparse.ArgumentParser):
    """Un analyseur d'options dont les messages d'erreur sont en français."""

    TRANSLATIONS: ClassVar[dict[str, str]] = {
        "the following arguments are required": "paramètre obligatoire manquant",
        "ignored explicit argument": "valeur en trop",
        "unrecognized arguments": "arguments non reconnus",
        "expected one argument": "attend une valeur",
        "expected 2 arguments": "attend deux valeurs",
        "ambiguous option": "option ambiguë",
        "could match": "peut désigner",
        "argument ": "option ",
    }

    def __init__(self, *args, **kwargs) -> None:
        # L'aide -h est ajoutée par options_group, avec un texte en français.
        super().__init__(*args, add_help=False, **kwargs)

    def options_group(self) -> argparse._ArgumentGroup:
        """Le groupe « options », qui contient déjà -h/--help."""
        options = self.add_argument_group("options")
        options.add_argument("-h", "--help", action="help", help="afficher cette aide et quitter")
        return options

    def format_usage(self) -> str:
        return super().format_usage().replace("usage:", "utilisation :", 1)

    def format_help(self) -> str:
        text = super().format_help().replace("usage:", "utilisation :", 1)
        # Les titres des groupes (« options: ») avec l'espace de la typographie française.
        return re.sub(r"^(\w[\w ]*):$", r"\1 :", text, flags=re.MULTILINE)

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        arguments = sys.argv[1:] if args is None else list(args)
        for text in arguments:
            if text == "--":
                break
            self.refuse_glued_letters(text)
        return super().parse_known_args(arguments, namespace)

    def refuse_glued_letters(self, text: str) -> None:
        """``-hx`` : une option sans valeur suivie de lettres qui ne sont pas des options.

        Python 3.12 le refuse (« valeur en trop ») ; Python 3.13.0 lit ``-h -x``, affiche
        l'aide et sort avec le code 0 sans rien dire de ``-x``. Refusé ici, la même chose
        sur toutes les versions.
        """
        if text.startswith("--") or len(text) < 3 or not text.startswith("-"):
            return
        action = self._option_string_actions.get(text[:2])
        if action is None or action.nargs != 0:
            return
        for letter in text[2:]:
            follower = self._option_string_actions.get("-" + letter)
            if follower is None:
                names = "/".join(action.option_strings)
                self.error(f"option {names} : valeur en trop « {text[2:]} »")
            if follower.nargs != 0:
                return  # la suite est la valeur de cette option-là

    def error(self, message: str) -> None:  # type: ignore[override]
        for english, french in self.TRANSLATIONS.items():
            message = message.replace(english, french)
        message = re.sub(r"(\S): ", r"\1 : ", message)  # typographie française
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog} : erreur : {message}\n")


def bounded_int(low: int, high: int | None):
    """Un type d'option : un entier dans [low, high] (sans maximum si high est None)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"« {text} » n'est pas un nombre entier") from None
        if value < low or (high is not None and value > high):
            limit = f"de {low} à {high}" if high is not None else f"supérieur ou égal à {low}"
            raise argparse.ArgumentTypeError(
                f"{value} n'est pas permis : il faut un nombre entier {limit}"
            )
        return value

    return parse


def bounded_float(low: float, high: float):
    """Un type d'option : un nombre (décimal permis) dans [low, high]."""

    def parse(text: str) -> float:
        try:
            value = float(text.replace(",", "."))
        except ValueError:
            raise argparse.ArgumentTypeError(f"« {text} » n'est pas un nombre") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} n'est pas permis : il faut de {low} à {high}")
        return value

    return parse
