"""House formulas (RULES.md "House formula"): a table's own scoring, typed as small expressions.

An expression is parsed with Python's `ast` module and then only a whitelist of node types is accepted; nothing is
ever evaluated by Python itself. The accepted tree becomes a tree of small closures: it scores as fast as a system."""

import ast
import dataclasses
import functools
import math

from ..registry import Option
from ..said import N_, said

NAMES = ("bid", "tricks", "off", "cards", "players", "hand")
FUNCTIONS = {"min": min, "max": max, "abs": abs}
MAX_LENGTH = 200
MAX_NUMBER = 10**6  # a constant larger than this is a typo, not a score
MAX_EXPONENT = 64
MAX_RESULT = 10**12  # a score beyond this is refused as not a usable number
PARTS = ("made", "over", "under")

OPTIONS = (
    Option(
        "made",
        str,
        "10 + bid",
        said("what a made bid scores (an expression over bid, tricks, off, cards, players, hand)"),
        label=said("made"),
    ),
    Option("over", str, "0", said("what taking more than the bid scores"), label=said("more")),
    Option("under", str, "", said("what taking fewer scores (empty: the same as over)"), label=said("fewer")),
    Option("lowest_wins", bool, False, said("the lowest total wins"), label=said("lowest wins")),
)

_BINARY = {ast.Add: ("+", lambda a, b: a + b), ast.Sub: ("-", lambda a, b: a - b), ast.Mult: ("*", lambda a, b: a * b)}
_COMPARE = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
}
_HINTS = {
    ast.Attribute: N_("attribute access (a '.') is not allowed"),
    ast.Subscript: N_("indexing with [ ] is not allowed"),
    ast.FloorDiv: N_("'//' is not allowed: use / (and min, max, abs)"),
    ast.Mod: N_("'%' is not allowed"),
    ast.Lambda: N_("'lambda' is not allowed"),
    ast.BitXor: N_("'^' is not allowed: write powers as ** or ²"),
    ast.BitAnd: N_("'&' is not allowed: use and"),
    ast.BitOr: N_("'|' is not allowed: use or"),
}
# The parts as the setup page names them (their labels), at the head of a mistake ("more: division by zero...").
PART_WORDS = {option.id: option.label for option in OPTIONS if option.id in PARTS}


class FormulaError(ValueError):
    """A formula that cannot be used: names the option (`part`, its id), the mistake and where it is."""

    def __init__(self, part, problem):
        super().__init__(said("%(part)s: %(problem)s", part=PART_WORDS.get(part, part), problem=problem))
        self.part, self.problem = part, problem


def _column(text, offset):
    """Return the 1-based column in the text as typed (ast counts UTF-8 bytes; ² became **2)."""
    chars = len(text.encode()[:offset].decode(errors="ignore"))
    typed = 0
    for ch in text:
        if chars <= 0:
            break
        chars -= 3 if ch == "²" else 1
        typed += 1
    return typed + 1


@dataclasses.dataclass(frozen=True)
class Formula:
    """One compiled expression: `evaluate(values)` with values a dict of NAMES."""

    part: str
    text: str
    run: object
    names: frozenset

    def evaluate(self, values):
        try:
            result = self.run(values)
        except _Refused as refused:
            raise FormulaError(
                self.part,
                said(
                    "%(problem)s at column %(column)s when %(values)s",
                    problem=refused.message,
                    column=refused.column,
                    values=self.describe(values),
                ),
            ) from None
        if isinstance(result, bool):
            result = int(result)
        if not math.isfinite(result) or abs(result) > MAX_RESULT:
            raise FormulaError(
                self.part, said("the result is not a usable number when %(values)s", values=self.describe(values))
            )
        return result

    def describe(self, values):
        shown = [name for name in NAMES if name in ("bid", "tricks", "cards") or name in self.names]
        return ", ".join(f"{name} = {values[name]}" for name in shown)


class _Refused(Exception):
    def __init__(self, message, column):
        super().__init__(message)
        self.message = message
        self.column = column


def compile_formula(part, text):
    """Return the Formula for an option's text, or raise FormulaError pointing at the mistake."""
    if not isinstance(text, str) or not text.strip():
        raise FormulaError(part, said("is empty: type what it scores, e.g. 10 + bid"))
    if len(text) > MAX_LENGTH:
        raise FormulaError(part, said("is longer than %(max)s characters", max=MAX_LENGTH))
    source = text.strip()
    python = source.replace("²", "**2")
    try:
        tree = ast.parse(python, mode="eval")
    except SyntaxError as error:
        column = _column(source, (error.offset or 1) - 1)
        if "=" in source and "==" not in source:
            raise FormulaError(
                part, said("not a formula at column %(column)s (compare with ==)", column=column)
            ) from None
        raise FormulaError(part, said("not a formula at column %(column)s", column=column)) from None
    names = set()
    run = _Compiler(part, source, names).build(tree.body)
    return Formula(part, source, run, frozenset(names))


class _Compiler:
    """Turn an accepted ast node into a closure of `values`; refuse anything not on the whitelist."""

    def __init__(self, part, source, names):
        self.part = part
        self.source = source
        self.names = names

    def refuse(self, node, message, hint=""):
        column = _column(self.source, getattr(node, "col_offset", 0))
        if hint:
            raise FormulaError(
                self.part,
                said("%(problem)s at column %(column)s (%(hint)s)", problem=message, column=column, hint=hint),
            )
        raise FormulaError(self.part, said("%(problem)s at column %(column)s", problem=message, column=column))

    def column(self, node):
        return _column(self.source, node.col_offset)

    def build(self, node):
        method = getattr(self, f"build_{type(node).__name__}", None)
        if method is None:
            hint = _HINTS.get(type(node)) or _HINTS.get(type(getattr(node, "op", None)))
            self.refuse(
                node,
                said(hint) if hint else said("this is not allowed"),
                ""
                if hint
                else said(
                    "use numbers, the names, + - * / ** ( ), min, max, abs, comparisons, and, or, not, "
                    "A if CONDITION else B"
                ),
            )
        return method(node)

    def build_Constant(self, node):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.refuse(node, said("%(value)s is not a number", value=repr(value)))
        if abs(value) > MAX_NUMBER:
            self.refuse(node, said("the number %(value)s is too large (at most %(max)s)", value=value, max=MAX_NUMBER))
        return lambda values: value

    def build_Name(self, node):
        name = node.id
        if name not in NAMES:
            self.refuse(
                node, said("unknown name %(name)s", name=repr(name)), said("use %(names)s", names=", ".join(NAMES))
            )
        self.names.add(name)
        return lambda values: values[name]

    def build_UnaryOp(self, node):
        operand = self.build(node.operand)
        if isinstance(node.op, ast.USub):
            return lambda values: -operand(values)
        if isinstance(node.op, ast.UAdd):
            return operand
        if isinstance(node.op, ast.Not):
            return lambda values: not operand(values)
        self.refuse(node, said("'~' is not allowed"))

    def build_BinOp(self, node):
        left, right = self.build(node.left), self.build(node.right)
        # Point at the divisor, or at the '**' just after the base.
        column = (
            _column(self.source, node.left.end_col_offset) if isinstance(node.op, ast.Pow) else self.column(node.right)
        )
        if type(node.op) in _BINARY:
            operate = _BINARY[type(node.op)][1]
            return lambda values: operate(left(values), right(values))
        if isinstance(node.op, ast.Div):

            def divide(values):
                divisor = right(values)
                if divisor == 0:
                    raise _Refused(said("division by zero"), column)
                return left(values) / divisor

            return divide
        if isinstance(node.op, ast.Pow):

            def power(values):
                base, exponent = left(values), right(values)
                if abs(exponent) > MAX_EXPONENT or (abs(base) > 1 and exponent * math.log10(abs(base)) > 12):
                    raise _Refused(said("a power too large to be a score"), column)
                if base == 0 and exponent < 0:
                    raise _Refused(said("division by zero (0 to a negative power)"), column)
                if base < 0 and exponent != int(exponent):
                    raise _Refused(said("a negative number to a fractional power"), column)
                return base**exponent

            return power
        hint = _HINTS.get(type(node.op))
        self.refuse(node, said(hint) if hint else said("this operator is not allowed"))

    def build_BoolOp(self, node):
        parts = [self.build(value) for value in node.values]
        if isinstance(node.op, ast.And):

            def both(values):
                result = True
                for part in parts:
                    result = part(values)
                    if not result:
                        return result
                return result

            return both

        def either(values):
            result = False
            for part in parts:
                result = part(values)
                if result:
                    return result
            return result

        return either

    def build_Compare(self, node):
        operands = [self.build(node.left)] + [self.build(c) for c in node.comparators]
        tests = []
        for op in node.ops:
            if type(op) not in _COMPARE:
                self.refuse(node, said("only == != < <= > >= compare numbers"))
            tests.append(_COMPARE[type(op)])

        def compare(values):
            results = [operand(values) for operand in operands]
            return all(test(a, b) for test, a, b in zip(tests, results, results[1:]))

        return compare

    def build_IfExp(self, node):
        test, then, otherwise = self.build(node.test), self.build(node.body), self.build(node.orelse)
        return lambda values: then(values) if test(values) else otherwise(values)

    def build_Attribute(self, node):
        column = _column(self.source, node.value.end_col_offset)
        raise FormulaError(
            self.part, said("%(problem)s at column %(column)s", problem=said(_HINTS[ast.Attribute]), column=column)
        )

    def build_Call(self, node):
        if isinstance(node.func, ast.Attribute):
            self.build(node.func)
        name = node.func.id if isinstance(node.func, ast.Name) else None
        if name not in FUNCTIONS:
            self.refuse(node, said("only min, max and abs may be called"))
        if node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
            self.refuse(node, said("%(name)s takes numbers separated by commas", name=name))
        if not node.args or (name == "abs" and len(node.args) != 1) or (name != "abs" and len(node.args) < 2):
            self.refuse(
                node,
                said("abs takes one number")
                if name == "abs"
                else said("%(name)s takes two numbers or more", name=name),
            )
        function = FUNCTIONS[name]
        args = [self.build(arg) for arg in node.args]
        if name == "abs":
            only = args[0]
            return lambda values: abs(only(values))
        return lambda values: function(*(arg(values) for arg in args))


@dataclasses.dataclass(frozen=True)
class HouseRule:
    """A house formula's three expressions, compiled: what a made bid, more and fewer tricks score."""

    made: Formula
    over: Formula
    under: Formula

    def points(self, bid, took, cards, players, number):
        off = abs(took - bid)
        rule = self.made if off == 0 else self.over if took > bid else self.under
        return rule.evaluate(
            {"bid": bid, "tricks": took, "off": off, "cards": cards, "players": players, "hand": number}
        )


@functools.lru_cache(maxsize=256)
def house_rule(made, over, under):
    """Return the compiled HouseRule of three option texts (under empty: the same as over)."""
    compiled_over = compile_formula("over", over)
    compiled_under = (
        compile_formula("under", under) if under and under.strip() else dataclasses.replace(compiled_over, part="under")
    )
    return HouseRule(compile_formula("made", made), compiled_over, compiled_under)


def rule_of(options):
    return house_rule(options["made"], options["over"], options.get("under") or "")


def points(bid, took, seat, hand, options):
    """The registry's points function: the house formula of these options, for one seat of a hand."""
    return rule_of(options).points(bid, took, hand.cards, hand.players, hand.number)


def bind(system, options):
    """Return the system as it scores with these options: its formulas compiled, its winner's direction set."""
    rule_of(options)
    return dataclasses.replace(system, lowest_wins=bool(options["lowest_wins"]))


def check(options, plan, players):
    """Raise FormulaError when the formulas cannot score some legal hand of the plan.

    Legal: every hand of the plan (its number and size), every bid and every count of tricks
    0..cards, from 2 to `players` players dealt in. Only the names a formula uses are varied.
    """
    _check(options["made"], options["over"], options.get("under") or "", tuple(plan), players)


@functools.lru_cache(maxsize=256)
def _check(made, over, under, plan, players):
    rule = house_rule(made, over, under)
    for formula, fits in (
        (rule.made, lambda b, t: b == t),
        (rule.over, lambda b, t: t > b),
        (rule.under, lambda b, t: t < b),
    ):
        hands = enumerate(plan, start=1) if "hand" in formula.names else ((1, c) for c in sorted(set(plan)))
        seatings = range(2, players + 1) if "players" in formula.names else (players,)
        seen = set()
        for number, cards in hands:
            for seated in seatings:
                for bid in range(cards + 1):
                    for took in range(cards + 1):
                        if not fits(bid, took):
                            continue
                        values = {
                            "bid": bid,
                            "tricks": took,
                            "off": abs(took - bid),
                            "cards": cards,
                            "players": seated,
                            "hand": number,
                        }
                        key = tuple(values[name] for name in NAMES if name in formula.names)
                        if key not in seen:
                            seen.add(key)
                            formula.evaluate(values)


def as_text(options):
    """Say the formula in words: 'made: 10 + 2*tricks; more: -2*off; fewer: the same'."""
    under = options.get("under") or ""
    values = {
        "made": options["made"].strip(),
        "over": options["over"].strip(),
        "under": under.strip() if under.strip() else said("the same"),
    }
    if options.get("lowest_wins"):
        return said("made: %(made)s; more: %(over)s; fewer: %(under)s; lowest total wins", **values)
    return said("made: %(made)s; more: %(over)s; fewer: %(under)s", **values)
