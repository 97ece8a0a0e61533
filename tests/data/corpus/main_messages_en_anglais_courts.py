# description : main pose ses questions et explique ses refus en anglais, en phrases courtes (« Width? », « Wrong value, retry. »), alors que le contrat demande un message en français.
# perd : main
# lignes : test_main_messages
# retour : répond en anglais


def ask_number(prompt: str, low: int, high: int) -> int:
    """Ask until the answer is an integer between low and high."""
    while True:
        answer = input(prompt)
        try:
            value = int(answer)
        except ValueError:
            print("Wrong value, retry.")
            continue
        if low <= value <= high:
            return value
        print("Wrong value, retry.")


def main() -> None:
    """Ask for the board size and the number of mines, then play."""
    width = ask_number("Width? ", 1, MAX_WIDTH)
    height = ask_number("Height? ", 1, MAX_HEIGHT)
    nb_mines = ask_number("How many mines? ", 1, width * height)
    mines = [[False] * width for _ in range(height)]
    neigh = [[0] * width for _ in range(height)]
    opened = [[False] * width for _ in range(height)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
