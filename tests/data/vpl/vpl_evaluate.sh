#!/bin/bash
# « Évaluer » dans Moodle VPL : prépare le correcteur du TP démineur, puis VPL lance
# vpl_execution (écrit ici) et lit sa sortie. Écrit par tests/tools/build_vpl.py.
#
# La préparation tourne dans un dossier neuf où ne sont que ses fichiers, par python3 -I :
# aucun fichier rendu par l'étudiant ne peut y prendre la place d'un module qu'elle importe.
# Ce dossier, avec les parties du paquet (elles portent le secret), est effacé ensuite.
. ./vpl_environment.sh 2>/dev/null
ici=$PWD
preparation=$(mktemp -d "$ici/.demineur-preparation.XXXXXX") || preparation=""
if [ -n "$preparation" ] && mv vpl_demineur.py correcteur-*.b64 "$preparation"/ \
    && command -v python3 >/dev/null 2>&1 \
    && (cd "$preparation" && python3 -I vpl_demineur.py evaluation "$ici") \
    && [ -f vpl_execution ]; then
    rm -rf "$preparation"
    exit 0
fi
[ -n "$preparation" ] && rm -rf "$preparation"
rm -f vpl_demineur.py correcteur-*.b64
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
