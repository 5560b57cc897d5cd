return [Math.round(0.49999999999999994), Math.round(-0.5), Math.round(1.5), Math.floor(-0.5), Math.ceil(-0.5), Math.trunc(0.9)];
