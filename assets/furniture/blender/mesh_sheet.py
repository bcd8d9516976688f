"""Review sheet of exported GLB meshes: each imported back (glTF Y up -> Blender Z up, so the glTF +Z front
faces Blender -Y, as the generators build it) and rendered with Cycles at low samples from the sprites'
front-left three-quarter camera, flat grey light (the texture's own AO shows), on white. One PNG per GLB.

  blender -b --factory-startup -P assets/furniture/blender/mesh_sheet.py -- out_dir a.glb b.glb ...
"""

import math
import os
import sys

import bpy
import numpy as np
from mathutils import Vector

# Debian's Blender 3.4 glTF importer still uses np.bool, which numpy 1.24 removed.
if not hasattr(np, "bool") or np.bool is not bool:
    np.bool = bool


def render(glb, out_png, size=360, samples=12):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    bpy.ops.import_scene.gltf(filepath=glb)
    objs = [o for o in scene.objects if o.type == "MESH"]
    pts = [o.matrix_world @ Vector(c) for o in objs for c in o.bound_box]
    lo = Vector((min(p.x for p in pts), min(p.y for p in pts), min(p.z for p in pts)))
    hi = Vector((max(p.x for p in pts), max(p.y for p in pts), max(p.z for p in pts)))
    centre = (lo + hi) / 2
    radius = (hi - lo).length / 2
    w = bpy.data.worlds.new("W")
    scene.world = w
    w.use_nodes = True
    w.node_tree.nodes["Background"].inputs["Color"].default_value = (1, 1, 1, 1)
    w.node_tree.nodes["Background"].inputs["Strength"].default_value = 0.6
    sun = bpy.data.objects.new("Sun", bpy.data.lights.new("Sun", "SUN"))
    sun.data.energy = 2.5
    sun.rotation_euler = (math.radians(40), 0, math.radians(-35))
    scene.collection.objects.link(sun)
    cam = bpy.data.objects.new("Cam", bpy.data.cameras.new("Cam"))
    scene.collection.objects.link(cam)
    az = math.radians(35)
    d = radius * 3.2
    cam.location = centre + Vector((-d * math.sin(az), -d * math.cos(az), d * 0.45))
    cam.rotation_euler = (centre - cam.location).to_track_quat("-Z", "Y").to_euler()
    cam.data.lens = 50
    scene.camera = cam
    scene.render.engine = "CYCLES"
    scene.cycles.samples = samples
    scene.cycles.use_denoising = False
    scene.cycles.device = "CPU"
    scene.render.resolution_x = scene.render.resolution_y = size
    scene.render.film_transparent = False
    scene.view_settings.view_transform = "Standard"
    scene.render.filepath = out_png
    bpy.ops.render.render(write_still=True)


def main():
    argv = sys.argv[sys.argv.index("--") + 1:]
    out_dir, glbs = argv[0], argv[1:]
    os.makedirs(out_dir, exist_ok=True)
    for glb in glbs:
        stem = os.path.basename(os.path.dirname(glb)) + "-" + os.path.splitext(os.path.basename(glb))[0]
        render(glb, os.path.join(out_dir, stem + ".png"))


main()
