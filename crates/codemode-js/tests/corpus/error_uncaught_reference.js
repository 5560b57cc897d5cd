return missingThing * 2;
