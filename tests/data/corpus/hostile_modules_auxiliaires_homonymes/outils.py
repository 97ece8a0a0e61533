"""Le module auxiliaire de l'étudiant : il sert à is_coord_ok."""


def dans_le_plateau(x, y, width, height):
    return 0 <= x < width and 0 <= y < height
