# description : is_coord_ok compare x / width et y / height à 1 : juste pour tous les entiers qu'un flottant représente, elle lève OverflowError au-delà (10**400), alors que le contrat dit « pour tous les entiers » ; seuls les entiers immenses de l'exemple public du balayage la voient.
# perd : is_coord_ok
# lignes : test_is_coord_ok_huge_integers


def is_coord_ok(x, y, width, height):
    return 0 <= x / width < 1 and 0 <= y / height < 1
