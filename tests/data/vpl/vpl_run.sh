#!/bin/bash
# « Exécuter » dans Moodle VPL : prépare le jeu du TP démineur autour du tp.py de
# l'étudiant, puis VPL lance vpl_execution (écrit ici) dans son terminal. Écrit par
# tests/tools/build_vpl.py.
#
# Comme pour « Évaluer » : la préparation tourne dans un dossier neuf où ne sont que ses
# fichiers, par python3 -I, et ce dossier est effacé ensuite.
. ./vpl_environment.sh 2>/dev/null
ici=$PWD
preparation=$(mktemp -d "$ici/.demineur-preparation.XXXXXX") || preparation=""
if [ -n "$preparation" ] && mv vpl_demineur.py correcteur-*.b64 "$preparation"/ \
    && command -v python3 >/dev/null 2>&1 \
    && (cd "$preparation" && python3 -I vpl_demineur.py jeu "$ici") \
    && [ -f vpl_execution ]; then
    rm -rf "$preparation"
    exit 0
fi
[ -n "$preparation" ] && rm -rf "$preparation"
rm -f vpl_demineur.py correcteur-*.b64
cat > vpl_execution <<'FIN'
#!/bin/bash
echo "Le jeu ne peut pas démarrer : python3 manque sur le serveur d'exécution de VPL, ou la préparation n'a pas abouti (prévenez votre enseignant)."
FIN
chmod +x vpl_execution
