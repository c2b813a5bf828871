"""Measurements of the engine's strength (README reports them; not part of the tests)."""
