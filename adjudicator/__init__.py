"""adjudicator: a rules reference and adjudication assistant for Lord of the Rings games."""

__version__ = "0.1.0"
