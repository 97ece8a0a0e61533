"""Le correcteur du TP démineur : juge, vérifications, barème et rapport."""
