#!/bin/sh
# Misbehaving Code Warriors player: reads its line, then takes 5 s (the turn allows 1 s).
read -r line
sleep 5
echo "1 0 0"
