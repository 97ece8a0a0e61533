# description : main pose chaque question par print() puis lit la réponse avec input("> ") ; une réponse refusée ne reçoit aucun message, la question est seulement reposée.
# perd : main
# lignes : test_main_messages


def read_int(question: str, low: int, high: int) -> int:
    """Pose la question jusqu'à obtenir un entier entre low et high."""
    while True:
        print(question)
        answer = input("> ").strip()
        try:
            value = int(answer)
        except ValueError:
            continue
        if low <= value <= high:
            return value


def main() -> None:
    """Demande la taille du plateau et le nombre de mines, puis joue."""
    width = read_int(f"Largeur du plateau, entre 1 et {MAX_WIDTH} :", 1, MAX_WIDTH)
    height = read_int(f"Hauteur du plateau, entre 1 et {MAX_HEIGHT} :", 1, MAX_HEIGHT)
    nb_mines = read_int(f"Nombre de mines, entre 1 et {width * height} :", 1, width * height)
    mines = [[False] * width for _ in range(height)]
    neigh = [[0] * width for _ in range(height)]
    opened = [[False] * width for _ in range(height)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
