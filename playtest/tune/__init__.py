"""`playtest tune` and `playtest explain`: search the rule space for a balance target, and say
which rule moves which number."""
