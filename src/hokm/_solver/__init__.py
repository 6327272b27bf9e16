"""The double-dummy solver's private parts: a ruleset's tables as the search reads them
(``tables``) and the alpha-beta search over them (``search``). The public face is
``hokm.solver``."""
