"""The audit trail as clients read it: each app's description of its audited records
(registry), the criteria of a read (criteria), and the read itself (selectors)."""
