"""A ruleset's private parts: the standard rules as a plugin, the ruleset as plain data (its spec)
and as a value (equality, hashing, read-only options)."""
