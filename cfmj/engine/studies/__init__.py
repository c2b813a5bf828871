"""Measurements of the engine's strength (docs/measurements.md reports them; not part of the tests)."""
