"""The command line's conventions, applied to every command once they are registered, so
that command modules declare their parameters plainly and share one behaviour:

- every enumerated option (`options.CHOICES`) takes only its choices (case ignored),
  lists them in its help and completes them in the shell;
- every placeholder is an upper-case word (`options.PLACEHOLDERS`);
- every text argument is refused when it is empty, not valid UTF-8 or holds NUL, and a
  query longer than `options.MAX_QUERY_CHARS` is cut, with a note on stderr; a file name
  holding NUL is refused;
- an integer too long to be a count is refused without Python's own message;
- every command's help ends with its example (`examples.EXAMPLES`).

Works on the click objects Typer builds (Typer vendors click as ``typer._click``).
"""

from __future__ import annotations

import sys

from .examples import EXAMPLES
from .options import CHOICES, FILE_ARGUMENTS, PLACEHOLDERS, clip_query, text_problem


def _click():
    """click's classes: the ones Typer builds with (it vendors click as ``typer._click``)."""
    from types import SimpleNamespace

    try:
        from typer._click import exceptions, types  # typer >= 0.24 vendors click
    except ImportError:  # pragma: no cover - an older typer on plain click
        from click import exceptions, types
    return SimpleNamespace(types=types, BadParameter=exceptions.BadParameter, Choice=getattr(types, "Choice", None))


def click_exceptions():
    """click's ClickException and Abort, as Typer uses them."""
    from types import SimpleNamespace

    try:
        from typer._click.exceptions import ClickException
        from typer.exceptions import Abort
    except ImportError:  # pragma: no cover
        from click.exceptions import Abort, ClickException
    return SimpleNamespace(ClickException=ClickException, Abort=Abort)


def walk(command, path: str = ""):
    """(path, command) for every command below ``command`` ("rule", "sources list")."""
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        full = f"{path} {name}".strip()
        yield full, sub
        yield from walk(sub, full)


def apply(root) -> None:
    click = _click()
    for param in root.params:
        _conform(param, click)
    for path, command in walk(root):
        example = EXAMPLES.get(path)
        if example and not getattr(command, "commands", None):
            command.epilog = "\b\nExample:\n  " + example
        for param in command.params:
            _conform(param, click)


def _conform(param, click) -> None:
    is_option = param.param_type_name == "option"
    if is_option and (getattr(param, "is_flag", False) or not param.opts or getattr(param, "hidden", False)):
        return
    long = next((o for o in param.opts if o.startswith("--")), None) if is_option else None
    if long in CHOICES:
        param.type = _choice_type(CHOICES[long])
        listed = ", ".join(CHOICES[long])
        if not all(choice in (param.help or "") for choice in CHOICES[long]):
            param.help = ((param.help or "").rstrip() + f" Choices: {listed}.").strip()
    name = param.name or ""
    placeholder = PLACEHOLDERS.get(name, name.upper())
    if not is_option and not param.required and not placeholder.startswith("["):
        placeholder = f"[{placeholder}]"
    param.metavar = placeholder
    if not is_option:  # Typer writes a required argument as {NAME} in usage lines; ours is NAME
        param.make_metavar = lambda *args, **kwargs: placeholder
    if isinstance(param.type, click.types.IntParamType):
        param.type = _bounded_int(param.type, click)
    elif name in FILE_ARGUMENTS:
        param.type = _refusing_nul(param.type)
    elif isinstance(param.type, click.types.StringParamType) and name not in FILE_ARGUMENTS and name != "sources":
        param.callback = _text_checker(param.callback, is_option)


def _choice_type(choices):
    try:
        from typer._types import TyperChoice as Base
    except ImportError:  # pragma: no cover
        Base = _click().Choice

    class ChoiceWithHint(Base):
        """A choice; a miss names the choices and the nearest one ("did you mean")."""

        def convert(self, value, param, ctx):
            if isinstance(value, str) and value.lower() in self.choices:
                return value.lower()
            import difflib

            close = difflib.get_close_matches(str(value).lower(), self.choices, n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            self.fail(f"{str(value)[:60]!r} is not one of {', '.join(self.choices)}{hint}", param, ctx)

    return ChoiceWithHint(choices, case_sensitive=False)


def _bounded_int(inner, click):
    class BoundedInt(click.types.ParamType):
        """An integer option: a value of more than 12 digits is refused in one short line
        (Python's own message for a 5000-digit number is about its internals)."""

        name = inner.name
        wrapped = inner  # the IntRange with the option's bounds

        def convert(self, value, param, ctx):
            if isinstance(value, str) and len(value.strip().lstrip("+-")) > 12:
                self.fail(f"{value[:12]}… ({len(value)} characters) is too large for a count", param, ctx)
            return inner.convert(value, param, ctx)

        def get_metavar(self, *args, **kwargs):
            return None

    return BoundedInt()


def _refusing_nul(shared):
    """A file name holding NUL names no file (no system call takes one): refused as bad
    input before the type looks at the file, like any text argument holding NUL.  Any
    other bytes are the file system's.  A copy of the type (click shares one STRING)."""
    import copy

    param_type = copy.copy(shared)
    convert = shared.convert

    def checked(value, param, ctx):
        if isinstance(value, str) and "\x00" in value:
            param_type.fail("contains a NUL character, which no file name can", param, ctx)
        return convert(value, param, ctx)

    param_type.convert = checked
    return param_type


def _text_checker(previous, is_option: bool):
    def check(ctx, param, value):
        values = value if isinstance(value, (list, tuple)) else [value]
        checked = []
        for item in values:
            if item is None:
                checked.append(item)
                continue
            problem = text_problem(item)
            if problem:
                raise _click().BadParameter(problem, ctx=ctx, param=param)
            clipped, cut = clip_query(item)
            if cut:
                sys.stderr.write(f"note: {param.metavar or param.name} is {len(item)} characters long; "
                                 f"only {len(clipped)} of them are used (its questions first, then its opening)\n")
            checked.append(clipped)
        result = type(value)(checked) if isinstance(value, (list, tuple)) else checked[0]
        return previous(ctx, param, result) if previous else result

    return check
