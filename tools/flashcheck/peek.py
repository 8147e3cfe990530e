import micropython  # (ptr8, ptr32: viper builtins)


@micropython.viper
def peek(addr: int, out, n: int) -> int:
    p = ptr8(addr)  # noqa: F821
    o = ptr8(out)  # noqa: F821
    i = 0
    while i < n:
        o[i] = p[i]
        i += 1
    return n


@micropython.viper
def sumat(addr: int, offs, n: int) -> int:
    p = ptr8(addr)  # noqa: F821
    q = ptr32(offs)  # noqa: F821
    s = 0
    i = 0
    while i < n:
        s += p[q[i]]
        i += 1
    return s
