# description : is_finished renvoie toujours un « entier » truqué (sous-classe de int dont __eq__ répond toujours True et __ne__ toujours False) valant 0 : il paraît égal à tout code attendu mais la partie n'est jamais finie.
# perd : is_finished


class Code(int):
    def __eq__(self, autre):
        return True

    def __ne__(self, autre):
        return False

    __hash__ = int.__hash__


def is_finished(mines, opened):
    return Code(0)
