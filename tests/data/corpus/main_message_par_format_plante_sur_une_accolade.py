# description : main construit son message de refus en collant la réponse dans un modèle passé à str.format : une réponse qui contient des accolades (« {3} ») fait lever IndexError au lieu d'être refusée avec un message.
# perd : main
# lignes : test_main_words


def ask_int(prompt: str, low: int, high: int) -> int:
    while True:
        answer = input(prompt).strip()
        try:
            value = int(answer)
        except ValueError:
            print(
                ("« " + answer + " » n'est pas un nombre entier entre {} et {}.").format(low, high)
            )
            continue
        if low <= value <= high:
            return value
        print("Le nombre doit être compris entre {} et {}.".format(low, high))
