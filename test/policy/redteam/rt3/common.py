"""Case registry: D (deny), F (flag), A (allow). Each builder is tagged with its surface."""
import env
from env import fake  # noqa: F401

CASES = []


def _wrap(name):
    f = getattr(env, name)

    def w(*a, **k):
        b = f(*a, **k)
        b.surface = env.SURF[name]
        return b
    w.__name__ = name
    return w


for _n in env.SURF:
    globals()[_n] = _wrap(_n)


def _add(b, expect, cat, note, os_):
    CASES.append((b, expect, cat, note, os_))


def D(b, cat, note, os="linux"):
    _add(b, "deny", cat, note, os)


def F(b, cat, note, os="linux"):
    _add(b, "flag", cat, note, os)


def A(b, note, os="linux"):
    _add(b, "allow", "benign", note, os)


__all__ = list(env.SURF) + ["D", "F", "A", "fake", "CASES"]
