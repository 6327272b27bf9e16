"""The table's widgets, one small module each (they need Textual)."""
