#!/bin/bash
# « Évaluer » dans Moodle VPL : prépare le correcteur du TP démineur, puis VPL lance
# vpl_execution (écrit ici) et lit sa sortie. Écrit par tests/tools/build_vpl.py.
if command -v python3 >/dev/null 2>&1 && python3 vpl_demineur.py evaluation; then
    exit 0
fi
rm -f correcteur-*.b64
# python3 manque, ou la préparation s'est arrêtée sans rien écrire : la note minimale de
# l'activité, et pourquoi.
cat > vpl_execution <<'FIN'
#!/bin/bash
. ./vpl_environment.sh 2>/dev/null
echo "<|--"
echo "-Non noté"
echo ">Le rendu n'a pas pu être noté : python3 manque sur le serveur d'exécution de VPL, ou la préparation n'a pas abouti (prévenez votre enseignant)."
echo "--|>"
LC_ALL=C printf 'Grade :=>>%.2f\n' "${VPL_GRADEMIN:-0}"
FIN
chmod +x vpl_execution
