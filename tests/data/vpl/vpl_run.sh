#!/bin/bash
# « Exécuter » dans Moodle VPL : prépare le jeu du TP démineur autour du tp.py de
# l'étudiant, puis VPL lance vpl_execution (écrit ici) dans son terminal. Écrit par
# tests/tools/build_vpl.py.
if command -v python3 >/dev/null 2>&1 && python3 vpl_demineur.py jeu; then
    exit 0
fi
rm -f correcteur-*.b64
cat > vpl_execution <<'FIN'
#!/bin/bash
echo "Le jeu ne peut pas démarrer : python3 manque sur le serveur d'exécution de VPL, ou la préparation n'a pas abouti (prévenez votre enseignant)."
FIN
chmod +x vpl_execution
