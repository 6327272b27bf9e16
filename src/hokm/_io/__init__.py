"""Game records and other values as text and data: reading and writing records within limits,
replaying them through the rules, the JSON codec that observations and events share with records,
and the layout of the observation vector. The public faces are ``hokm.records``,
``hokm.observation``, ``hokm.events`` and ``hokm.encoding``; nothing here is public API.
"""
