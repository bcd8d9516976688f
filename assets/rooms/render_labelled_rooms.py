"""
Stagecraft labelled synthetic rooms: random rooms with exact label passes and the true camera, for training
and testing the room model and the wall classifier (issue 14, "Data to learn from: render it").

Each seed builds one room with the landing renderer's architecture (assets/landing/render_room.py: walls,
window, door, skirting, cornice, floor) and the app's furniture generators, varied at random: size, wall
paint / wallpaper / brick / tiles, wood / tile / carpet floors, window and door placement, cornice or none,
0-6 pieces of furniture and framed art, sun or overcast light, camera position, height, lens, pitch and roll.
It writes, for seed N:

  room-NNNN.png         the photo (Cycles, our own albedo/normal-guided denoise, Filmic)
  room-NNNN.labels.png  one byte per pixel: 0 floor, 1 wall, 2 ceiling, 3 opening (window, door, what is
                        seen through them), 4 object (furniture, art, skirting, sills); the codes of
                        packages/vision's ROOM_LABEL (from Cycles' object-index pass: one sample, no blending)
  room-NNNN.json        the true camera (focal length in pixels, principal point, pitch, roll, yaw, eye
                        height, the horizon's row at the left and right edges) and the room's parameters

The same seed gives the same room on any machine (Python's random, seeded per room; Cycles' seed fixed).

Usage (headless; one Blender process renders a batch):

  blender -b --factory-startup -t 1 -P assets/rooms/render_labelled_rooms.py -- \
      --out DIR --from 1 --count 10 --width 480 --height 320 --samples 24

Existing outputs are skipped, so a killed batch resumes where it stopped.
"""

import glob
import json
import math
import os
import random
import sys
import tempfile
import time

import bpy
import numpy as np
from bpy_extras.object_utils import world_to_camera_view
from mathutils import Matrix, Vector

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "landing"))
sys.path.insert(0, os.path.join(HERE, "..", "furniture", "blender"))
import render_room as R  # noqa: E402  (the landing room's builders; its main() only runs as a script)
from cycles_io import denoise, load_exr, setup_compositor  # noqa: E402
from materials import new_material, obj_coords, principled  # noqa: E402
import themes  # noqa: E402

FLOOR, WALL, CEILING, OPENING, OBJECT = 0, 1, 2, 3, 4
# The architecture's objects by name prefix; anything else (furniture, art, the garden's objects are listed) is OBJECT.
PREFIX_LABELS = (
    ("Floor", FLOOR), ("Ceiling", CEILING), ("Cornice", CEILING), ("Wall", WALL),
    ("Win", OPENING), ("Door", OPENING), ("Arch", OPENING), ("Lawn", OPENING), ("Bush", OPENING),
    ("Skirt", OBJECT),
)
# Pieces that stand with their back to a wall, and free-standing ones; (kind, depth from the wall, m).
WALL_PIECES = (("sofa", 0.5), ("bed", 1.1), ("dresser", 0.3), ("bookshelf", 0.2), ("tv_stand", 0.25),
               ("desk", 0.4), ("nightstand", 0.25), ("armchair", 0.45), ("side_table", 0.3), ("plant", 0.35),
               ("floor_lamp", 0.3))
FREE_PIECES = ("coffee_table", "dining_table", "dining_chair", "ottoman", "armchair", "rug")


def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    opts = {"out": "/tmp/rooms", "from": 1, "count": 1, "width": 480, "height": 320, "samples": 24}
    for i in range(0, len(argv), 2):
        key = argv[i].lstrip("-")
        if key not in opts:
            raise SystemExit("unknown argument: %s" % argv[i])
        opts[key] = argv[i + 1] if key == "out" else int(argv[i + 1])
    return opts


def srgb_to_linear(c):
    return tuple(((v + 0.055) / 1.055) ** 2.4 if v > 0.04045 else v / 12.92 for v in c)


def random_paint(rnd):
    """Listing-photo walls: mostly whites, greiges and pale tints; now and then a strong colour."""
    if rnd.random() < 0.7:
        h, s, v = rnd.random(), rnd.uniform(0.0, 0.18), rnd.uniform(0.72, 0.95)
    else:
        h, s, v = rnd.random(), rnd.uniform(0.2, 0.6), rnd.uniform(0.35, 0.8)
    import colorsys
    return srgb_to_linear(colorsys.hsv_to_rgb(h, s, v))


def mat_wallpaper(rnd, base):
    """Striped or patterned paper laid in object space (a real size, not per face)."""
    mat, nt, out = new_material("Wallpaper")
    vec = obj_coords(nt)
    other = tuple(max(0.0, min(1.0, c * rnd.uniform(0.6, 0.85))) for c in base)
    if rnd.random() < 0.5:
        tex = nt.nodes.new("ShaderNodeTexWave")
        tex.wave_type = "BANDS"
        tex.bands_direction = "X" if rnd.random() < 0.5 else "Y"
        tex.inputs["Scale"].default_value = rnd.uniform(3.0, 9.0)
        tex.inputs["Distortion"].default_value = 0.0
        fac = tex.outputs["Fac"]
    else:
        tex = nt.nodes.new("ShaderNodeTexVoronoi")
        tex.inputs["Scale"].default_value = rnd.uniform(4.0, 12.0)
        fac = tex.outputs["Distance"]
    nt.links.new(vec, tex.inputs["Vector"])
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.elements[0].position = 0.45
    ramp.color_ramp.elements[1].position = 0.55
    ramp.color_ramp.elements[0].color = (*base, 1)
    ramp.color_ramp.elements[1].color = (*other, 1)
    nt.links.new(fac, ramp.inputs["Fac"])
    p = principled(nt, base, 0.8)
    nt.links.new(ramp.outputs["Color"], p.inputs["Base Color"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def mat_brick(rnd):
    """Exposed brick at its real size (21.5 x 6.5 cm with 1 cm mortar)."""
    mat, nt, out = new_material("Brick")
    vec = obj_coords(nt)
    tex = nt.nodes.new("ShaderNodeTexBrick")
    tex.inputs["Scale"].default_value = 1.0
    tex.inputs["Brick Width"].default_value = 0.225
    tex.inputs["Row Height"].default_value = 0.075
    tex.inputs["Mortar Size"].default_value = 0.01
    red = srgb_to_linear((rnd.uniform(0.45, 0.7), rnd.uniform(0.22, 0.35), rnd.uniform(0.15, 0.25)))
    tex.inputs["Color1"].default_value = (*red, 1)
    tex.inputs["Color2"].default_value = (*(c * 0.75 for c in red), 1)
    tex.inputs["Mortar"].default_value = (*srgb_to_linear((0.75, 0.72, 0.66)), 1)
    # Bricks run along whichever horizontal axis the wall faces: x for the back wall, y for the side walls;
    # an object-space brick on both is fine at the distances a room photo sees.
    nt.links.new(vec, tex.inputs["Vector"])
    p = principled(nt, red, 0.85)
    nt.links.new(tex.outputs["Color"], p.inputs["Base Color"])
    nt.links.new(p.outputs[0], out.inputs["Surface"])
    return mat


def random_spec(rnd):
    X, Y, H = rnd.uniform(3.0, 6.5), rnd.uniform(3.2, 7.0), rnd.uniform(2.4, 3.2)
    win_w = rnd.uniform(0.8, min(3.0, Y - 1.2))
    win_y0 = rnd.uniform(0.4, Y - win_w - 0.4)
    sill = rnd.choice([rnd.uniform(0.3, 1.0), rnd.uniform(0.05, 0.15)])
    head = min(H - 0.15, rnd.uniform(2.0, 2.5))
    door_w = rnd.uniform(0.75, 0.95)
    door_x0 = rnd.uniform(0.3, X - door_w - 0.3)
    floor = {"dark": srgb_to_linear((rnd.uniform(0.25, 0.6),) * 3), "board_w": rnd.uniform(0.12, 0.22)}
    tone = rnd.uniform(0.6, 1.0)
    floor["dark"] = tuple(c * f for c, f in zip(floor["dark"], (1.0, 0.7 * tone, 0.45 * tone)))
    floor["light"] = tuple(min(1.0, c * 1.6) for c in floor["dark"])
    lens = rnd.uniform(14.0, 26.0)
    level = rnd.random() < 0.55
    camera = {
        "loc": (rnd.uniform(0.3, X - 0.3), rnd.uniform(0.2, min(1.2, 0.3 * Y)), rnd.uniform(1.0, 1.7)),
        "yaw": rnd.uniform(-50, 50),
        "lens": lens,
        "shift_y": rnd.uniform(-0.12, 0.0) if level else 0.0,
        "pitch": 0.0 if level else rnd.uniform(-4.0, 14.0),
        "roll": 0.0 if rnd.random() < 0.8 else rnd.uniform(-1.5, 1.5),
    }
    overcast = rnd.random() < 0.4
    spec = R.RoomSpec(
        size=(X, Y, H), window=(win_y0, win_y0 + win_w, sill, head), panes=rnd.randint(1, 4),
        transom_z=None if rnd.random() < 0.6 else head - rnd.uniform(0.35, 0.5),
        door=(door_x0, door_x0 + door_w), wall=random_paint(rnd), floor=floor, camera=camera,
        sun=(rnd.uniform(15, 60), rnd.uniform(-40, 40)),
        fill={"loc": (camera["loc"][0], camera["loc"][1] + 0.5, H - 0.05), "size": (2.0, 1.5),
              "energy": rnd.uniform(60, 220)},
        exposure=rnd.uniform(0.2, 0.9), stage=None)
    extra = {
        "wall_finish": rnd.choices(["paint", "wallpaper", "brick", "tile"], [0.68, 0.14, 0.1, 0.08])[0],
        "floor_finish": rnd.choices(["wood", "tile", "carpet"], [0.6, 0.25, 0.15])[0],
        "cornice": rnd.random() < 0.5,
        "overcast": overcast,
        "pieces": 0 if rnd.random() < 0.3 else rnd.randint(1, 6),
        "art": rnd.random() < 0.5,
        "curtains": rnd.random() < 0.4,
        "kitchen": rnd.random() < 0.2,
        "ceiling_light": rnd.random() < 0.5,
        "tv": rnd.random() < 0.15,
    }
    return spec, extra


def build_materials(rnd, spec, extra):
    M = R.build_materials(spec)
    if extra["wall_finish"] == "wallpaper":
        M["wall"] = mat_wallpaper(rnd, spec.wall)
    elif extra["wall_finish"] == "brick":
        M["wall"] = mat_brick(rnd)
    elif extra["wall_finish"] == "tile":
        M["wall"] = R.mat_tile(tuple(c * 1.05 for c in spec.wall), (0.4, 0.4, 0.38), size=rnd.uniform(0.1, 0.3),
                               offset=rnd.choice([0.0, 0.5]), rough=0.15, name="WallTiles")
    if extra["floor_finish"] == "tile":
        M["floor"] = R.mat_tile(srgb_to_linear((rnd.uniform(0.3, 0.85),) * 3), (0.25, 0.25, 0.24),
                                size=rnd.uniform(0.3, 0.6), name="FloorTiles")
    elif extra["floor_finish"] == "carpet":
        M["floor"] = R.mat_fabric("Carpet", srgb_to_linear((rnd.uniform(0.35, 0.75),) * 3), weave=150.0, var=0.2)
    ceiling_tone = rnd.uniform(0.8, 0.95)
    M["ceiling"] = R.mat_paint("CeilingPaint", (ceiling_tone, ceiling_tone, ceiling_tone * 0.98), bump_strength=0.02)
    return M


def stage(rnd, spec, extra, M):
    """Furniture from the app's catalogue: pieces with their backs to the walls, a few free-standing, art."""
    X, Y, H = spec.size
    L = R.LampsOffMaterials()
    theme = rnd.choice(sorted(themes.THEMES))
    kinds = {k for k, _label, _p in themes.THEMES[theme]}
    for _ in range(extra["pieces"]):
        if rnd.random() < 0.7:
            kind, depth = rnd.choice(WALL_PIECES)
            if kind not in kinds:
                continue
            wall = rnd.choice(["back", "left", "right"])
            if wall == "back":
                loc, rot = (rnd.uniform(0.8, X - 0.8), Y - depth, 0), 0
            elif wall == "left":
                loc, rot = (depth, rnd.uniform(1.5, Y - 0.8), 0), 90
            else:
                loc, rot = (X - depth, rnd.uniform(1.5, Y - 0.8), 0), -90
        else:
            kind = rnd.choice(FREE_PIECES)
            if kind not in kinds:
                continue
            loc, rot = (rnd.uniform(1.0, X - 1.0), rnd.uniform(0.55 * Y, Y - 1.2), 0), rnd.uniform(0, 360)
        R.place(kind, R.catalogue(theme, kind), L, loc, rot)
    if extra["curtains"]:
        curtains(rnd, spec)
    if extra["kitchen"]:
        kitchen_units(rnd, spec)
    if extra["ceiling_light"]:
        R.build_pendant(L, (rnd.uniform(1.0, X - 1.0), rnd.uniform(1.5, Y - 1.0)), H, H - rnd.uniform(0.3, 0.9),
                        rnd.choice([themes.BLACK_STEEL, themes.BRASS, themes.WHITE_METAL]))
    if extra["tv"]:
        w = rnd.uniform(0.9, 1.5)
        R.box("WallTV", (w, 0.05, w * 0.58), (rnd.uniform(1.0, X - 1.0), Y - 0.04, rnd.uniform(1.1, 1.5)),
              R.mat_simple("TVGlass", (0.01, 0.01, 0.012), 0.15, Specular=0.6), bevel=0.01)
    if extra["art"]:
        size = (rnd.uniform(0.5, 1.3), rnd.uniform(0.4, 0.9))
        R.build_picture(M, (rnd.uniform(0.8, X - 0.8), Y - 0.02, rnd.uniform(1.4, 1.8)), size=size,
                        print_size=(size[0] * 0.7, size[1] * 0.6))


def curtains(rnd, spec):
    """Floor-length curtains either side of the window (and a rod): pleats as staggered slats catch the light
    as folds do. Curtains are not wall: the studio must not paint them."""
    X, Y, H = spec.size
    y0, y1, _sill, head = spec.window
    colour = srgb_to_linear((rnd.uniform(0.2, 0.95), rnd.uniform(0.2, 0.9), rnd.uniform(0.2, 0.85)))
    fabric = R.mat_fabric("Curtain", colour, weave=300.0, var=0.1)
    top = min(H - 0.05, head + rnd.uniform(0.1, 0.3))
    width = rnd.uniform(0.3, 0.6)
    for (a, b) in ((y0 - width + 0.1, y0 + 0.1), (y1 - 0.1, y1 + width - 0.1)):
        n = 7
        for k in range(n):
            ya, yb = a + (b - a) * k / n, a + (b - a) * (k + 1) / n
            depth = 0.05 + (0.03 if k % 2 else 0.0)
            R.box("CurtainPleat", (depth, (yb - ya) * 1.15, top - 0.02), (0.04 + depth / 2, (ya + yb) / 2, (top + 0.02) / 2),
                  fabric, bevel=0.01)
    R.cylinder("CurtainRod", 0.012, 0.012, y1 - y0 + 2 * width, (0.1, y0 - width, top + 0.03),
               R.mat_metal("Rod", (0.05, 0.05, 0.05), 0.4), rot=(-math.pi / 2, 0, 0))


def kitchen_units(rnd, spec):
    """Base cabinets with a worktop and wall cabinets along the back or right wall."""
    X, Y, H = spec.size
    tone = rnd.uniform(0.25, 0.9)
    front = (R.mat_paint("Cabinet", srgb_to_linear((tone, tone * rnd.uniform(0.9, 1.0), tone * rnd.uniform(0.85, 1.0))),
                         rough=0.4) if rnd.random() < 0.6 else
             R.mat_wood("CabinetWood", (0.3, 0.18, 0.09), (0.55, 0.38, 0.22), 0.45))
    top = R.mat_simple("Worktop", srgb_to_linear((rnd.uniform(0.1, 0.85),) * 3), 0.3)
    if rnd.random() < 0.5:
        length = rnd.uniform(1.5, X - 0.6)
        x0 = rnd.uniform(0.3, X - length - 0.3)
        R.box_minmax("CabinetBase", x0, x0 + length, Y - 0.6, Y, 0.0, 0.87, front, 0.004)
        R.box_minmax("CabinetTop", x0 - 0.02, x0 + length + 0.02, Y - 0.63, Y, 0.87, 0.91, top, 0.003)
        R.box_minmax("CabinetWall", x0, x0 + length, Y - 0.35, Y, 1.45, min(H - 0.05, 2.2), front, 0.004)
    else:
        length = rnd.uniform(1.5, Y - 1.6)
        y0 = rnd.uniform(1.3, Y - length - 0.3)
        R.box_minmax("CabinetBase", X - 0.6, X, y0, y0 + length, 0.0, 0.87, front, 0.004)
        R.box_minmax("CabinetTop", X - 0.63, X, y0 - 0.02, y0 + length + 0.02, 0.87, 0.91, top, 0.003)
        R.box_minmax("CabinetWall", X - 0.35, X, y0, y0 + length, 1.45, min(H - 0.05, 2.2), front, 0.004)


def setup_camera(scene, spec):
    c = spec.camera
    data = bpy.data.cameras.new("Camera")
    data.lens = c["lens"]
    data.sensor_width = 36.0
    data.sensor_fit = "HORIZONTAL"
    data.shift_y = c["shift_y"]
    data.clip_start = 0.05
    data.clip_end = 200
    cam = R.link(bpy.data.objects.new("Camera", data))
    cam.location = c["loc"]
    # Blender's camera looks down its -Z: turned 90 deg about X it looks level along +y; pitch > 0 looks down;
    # roll turns it about its own view axis first, yaw about the vertical last.
    turn = (Matrix.Rotation(math.radians(c["yaw"]), 3, "Z") @ Matrix.Rotation(math.radians(90 - c["pitch"]), 3, "X")
            @ Matrix.Rotation(math.radians(c["roll"]), 3, "Z"))
    cam.matrix_world = Matrix.Translation(Vector(c["loc"])) @ turn.to_4x4()
    scene.camera = cam
    return cam


def camera_truth(scene, cam, spec, w, h):
    """The camera as the room model states it: focal length and principal point in pixels, the horizon's rows."""
    bpy.context.view_layer.update()
    c = spec.camera
    focal = c["lens"] / 36.0 * w
    eye = cam.matrix_world.translation

    def project(p):
        v = world_to_camera_view(scene, cam, Vector(p))
        return v.x * w, (1 - v.y) * h, v.z

    forward = cam.matrix_world.to_3x3() @ Vector((0, 0, -1))
    axis = project(eye + forward * 10.0)
    # The horizon: points far away at eye height, in directions either side of the view.
    flat = Vector((forward.x, forward.y, 0)).normalized()
    side = Vector((-flat.y, flat.x, 0))
    a = project(eye + (flat + side * 0.6) * 1000.0)
    b = project(eye + (flat - side * 0.6) * 1000.0)
    slope = (b[1] - a[1]) / (b[0] - a[0])
    return {
        "width": w, "height": h, "focalPx": focal, "principalPoint": [axis[0], axis[1]],
        "pitchDeg": c["pitch"], "rollDeg": c["roll"], "yawDeg": c["yaw"], "heightM": c["loc"][2],
        "horizon": {"yLeft": a[1] + (0 - a[0]) * slope, "yCentre": a[1] + (w / 2 - a[0]) * slope,
                    "yRight": a[1] + (w - a[0]) * slope},
    }


def label_objects(architecture, furniture):
    """Object-index pass values: label + 1 (0 is 'nothing hit', the sky through the window)."""
    for o in bpy.data.objects:
        if o.name in furniture:
            label = OBJECT
        elif o.name in architecture:
            label = next((lab for prefix, lab in PREFIX_LABELS if o.name.startswith(prefix)), OBJECT)
        else:
            continue
        o.pass_index = label + 1


def render_one(seed, opts, out_dir):
    stem = os.path.join(out_dir, "room-%04d" % seed)
    if os.path.exists(stem + ".json"):
        return None
    t0 = time.time()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    rnd = random.Random(seed)
    spec, extra = random_spec(rnd)
    M = build_materials(rnd, spec, extra)
    before = set(bpy.data.objects.keys())
    R.build_room(M, spec)
    if not extra["cornice"]:
        for o in [o for o in bpy.data.objects if o.name.startswith("Cornice")]:
            bpy.data.objects.remove(o, do_unlink=True)
    architecture = set(bpy.data.objects.keys()) - before
    stage(rnd, spec, extra, M)
    furniture = set(bpy.data.objects.keys()) - before - architecture
    label_objects(architecture, furniture)
    cam = setup_camera(scene, spec)
    R.setup_lights(scene, spec)
    sun = bpy.data.objects["Sun"]
    if extra["overcast"]:
        sun.data.energy = 0.4
    R.setup_world(scene, R.WORLD_STRENGTH * (1.8 if extra["overcast"] else 1.0))
    w, h = opts["width"], opts["height"]
    R.setup_render(scene, {"samples": opts["samples"], "width": w, "height": h}, spec)
    scene.cycles.adaptive_min_samples = max(8, opts["samples"] // 3)
    scene.view_layers[0].use_pass_object_index = True
    tmpdir = tempfile.mkdtemp(prefix="stagecraft_rooms_")
    setup_compositor(scene, tmpdir, extra_slots=(("index", "IndexOB"),))
    bpy.ops.render.render(write_still=False)

    find = lambda name: sorted(glob.glob(os.path.join(tmpdir, name + "*.exr")))[0]
    beauty = load_exr(find("beauty"), w, h)
    albedo = load_exr(find("albedo"), w, h)
    normal = load_exr(find("normal"), w, h)
    photo = denoise(beauty, albedo, normal, radius=3, sigma_s=1.6, sigma_a=0.06, sigma_n=0.25, sigma_c=0.12,
                    firefly_floor=0.08)
    R.save_display(photo, stem + ".png", scene)
    index = np.rint(load_exr(find("index"), w, h, channels=1)[:, :, 0]).astype(np.int32)
    labels = np.where(index == 0, OPENING, index - 1).astype(np.uint8)
    save_labels(labels[::-1], stem + ".labels.png")  # EXR rows run bottom-up
    truth = camera_truth(scene, cam, spec, w, h)
    truth["seed"] = seed
    truth["room"] = {"size": list(spec.size), "window": list(spec.window), "door": list(spec.door), **extra}
    with open(stem + ".json", "w") as f:
        json.dump(truth, f, indent=1)
    for f in glob.glob(os.path.join(tmpdir, "*")):
        os.remove(f)
    os.rmdir(tmpdir)
    return time.time() - t0


def save_labels(labels, path):
    """One byte per pixel as an 8-bit greyscale PNG (Blender writes its images bottom-up, hence the flip back)."""
    h, w = labels.shape
    img = bpy.data.images.new("Labels", w, h, alpha=False, float_buffer=False)
    img.colorspace_settings.name = "Non-Color"
    grey = labels[::-1].astype(np.float32) / 255.0
    rgba = np.stack([grey, grey, grey, np.ones_like(grey)], axis=2)
    img.pixels.foreach_set(rgba.ravel())
    img.filepath_raw = path
    img.file_format = "PNG"
    bpy.context.scene.render.image_settings.color_mode = "BW"
    img.save()
    bpy.data.images.remove(img)


def main():
    opts = parse_args()
    out_dir = os.path.abspath(opts["out"])
    os.makedirs(out_dir, exist_ok=True)
    for seed in range(opts["from"], opts["from"] + opts["count"]):
        took = render_one(seed, opts, out_dir)
        if took is not None:
            print("STAGECRAFT room %d: %.1fs" % (seed, took), flush=True)


if __name__ == "__main__":
    main()
