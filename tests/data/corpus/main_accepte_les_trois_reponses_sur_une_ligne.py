# description : main accepte, à la question de la largeur, une ligne de trois nombres (« 3 2 1 ») comme largeur, hauteur et nombre de mines d'un coup, et ne pose plus les deux autres questions : le contrat demande un entier par ligne, une ligne de trois nombres doit être refusée avec un message.
# perd : main
# lignes : test_main_several_numbers


def check_int(answer: str, low: int, high: int) -> int | None:
    """La valeur de answer si c'est un entier entre low et high ; sinon un message et None."""
    try:
        value = int(answer)
    except ValueError:
        print(f"« {answer[:20]} » n'est pas un nombre entier.")
        return None
    if low <= value <= high:
        return value
    print(f"Le nombre doit être compris entre {low} et {high}.")
    return None


def main() -> None:
    """Demande la taille du plateau et le nombre de mines, puis joue.

    Raccourci : on peut taper les trois nombres d'un coup à la première question.
    """
    width = height = nb_mines = None
    prompt = f"Largeur du plateau (1 à {MAX_WIDTH}) : "
    first = input(prompt).strip()
    parts = first.split()
    if len(parts) == 3:
        try:
            w, h, n = (int(part) for part in parts)
        except ValueError:
            pass
        else:
            if 1 <= w <= MAX_WIDTH and 1 <= h <= MAX_HEIGHT and 1 <= n <= w * h:
                width, height, nb_mines = w, h, n
    if width is None:
        width = check_int(first, 1, MAX_WIDTH)
        if width is None:
            width = ask_int(prompt, 1, MAX_WIDTH)
        height = ask_int(f"Hauteur du plateau (1 à {MAX_HEIGHT}) : ", 1, MAX_HEIGHT)
        nb_mines = ask_int(f"Nombre de mines (1 à {width * height}) : ", 1, width * height)
    mines = [[False] * width for _ in range(height)]
    neigh = [[0] * width for _ in range(height)]
    opened = [[False] * width for _ in range(height)]
    initialise_mines(mines, nb_mines)
    initialise_open(opened)
    compute_neigh(mines, neigh)
    play_the_game(mines, neigh, opened)
