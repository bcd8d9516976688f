"""Render furniture sprites with Cycles: a clean RGBA object image plus a separate shadow image.

Usage (headless; run by assets/furniture/render.ts, which also encodes WebP and rebuilds the manifest):

  blender -b --factory-startup -P assets/furniture/blender/render_sprites.py -- \
      --jobs /tmp/jobs.json --size 512 --samples 32

jobs.json: [{"id", "type", "theme", "label", "params", "out"}] where out is a path stem; for each job the
script writes <out>.png (RGBA, straight alpha), <out>.shadow.png (alpha = shadow strength) and
<out>.json (size in cm, contact point, px per cm, camera).

Camera: a real-estate camera, CAMERA_HEIGHT high, CAMERA_DISTANCE away horizontally, looking at the piece from
its front-left (AZIMUTH degrees off its front axis; a job with "view": "front" looks at it straight on). The
camera is level, as a real-estate photographer holds it (verticals stay vertical), and the frame is fitted to
the piece with lens zoom and shift, so every sprite has the perspective of a room photo taken from that
distance. (The first library was rendered with the camera pitched at the piece; placement levels those sprites
by their recorded pitch.)

There is no OpenImageDenoise in Debian's Blender, so the beauty pass is filtered here by a cross-bilateral
filter on the albedo-demodulated illumination, guided by the albedo and normal passes (as in
assets/landing/render_room.py).
"""

import glob
import json
import math
import os
import shutil
import sys
import tempfile
import time

import bpy
import numpy as np
from bpy_extras.object_utils import world_to_camera_view
from mathutils import Vector

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cycles_io import aim, denoise, filmic_look, load_exr, new_world, setup_compositor, setup_cycles  # noqa: E402
from geometry import link  # noqa: E402
from materials import Materials  # noqa: E402
import pieces  # noqa: E402

CAMERA_HEIGHT = 1.4      # m: real-estate photos are taken from 1.2 to 1.6 m
CAMERA_DISTANCE = 3.8    # m, horizontal, from the piece's footprint centre
AZIMUTH = 35.0           # degrees: the camera stands front-left of the piece
# Our denoiser's settings for a 448 px sprite at 16 samples (see cycles_io.denoise).
SPRITE_DENOISE = dict(radius=3, sigma_s=1.8, sigma_a=0.05, sigma_n=0.2, sigma_c=0.12, firefly_floor=0.05)
MARGIN = 1.1            # frame = projected extent * MARGIN (room for the soft shadow)


def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    opts = {"jobs": None, "size": 512, "samples": 32}
    i = 0
    while i < len(argv):
        k = argv[i].lstrip("-")
        if k not in opts:
            raise SystemExit("unknown argument: %s" % argv[i])
        opts[k] = type(opts[k])(argv[i + 1]) if opts[k] is not None else argv[i + 1]
        i += 2
    if not opts["jobs"]:
        raise SystemExit("--jobs is required")
    return opts


# ----------------------------------------------------------------------------
# Scene: studio lights, shadow-catcher floor, render settings
# ----------------------------------------------------------------------------

def reset_scene():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    return scene


def setup_studio(scene):
    """A bright, soft interior light: a big soft key from the upper front-left (the window side of a room),
    a weaker fill from the right, and a warm-grey environment for ambient light and reflections."""
    nt, up = new_world(scene, "Studio")
    mr = nt.nodes.new("ShaderNodeMapRange")
    mr.inputs["From Min"].default_value = -0.3
    mr.inputs["From Max"].default_value = 1.0
    mr.inputs["To Min"].default_value = 0.35
    mr.inputs["To Max"].default_value = 1.0
    nt.links.new(up, mr.inputs["Value"])
    bg = nt.nodes.new("ShaderNodeBackground")
    bg.inputs["Color"].default_value = (0.92, 0.9, 0.87, 1)
    nt.links.new(mr.outputs[0], bg.inputs["Strength"])
    mult = nt.nodes.new("ShaderNodeMath")
    mult.operation = "MULTIPLY"
    mult.inputs[1].default_value = 0.4
    nt.links.new(mr.outputs[0], mult.inputs[0])
    nt.links.new(mult.outputs[0], bg.inputs["Strength"])
    out = nt.nodes.new("ShaderNodeOutputWorld")
    nt.links.new(bg.outputs[0], out.inputs["Surface"])

    def area(name, size, energy, loc, color=(1.0, 0.98, 0.95)):
        d = bpy.data.lights.new(name, "AREA")
        d.shape = "DISK"
        d.size = size
        d.energy = energy
        d.color = color
        o = link(bpy.data.objects.new(name, d))
        o.location = loc
        aim(o, -Vector(loc))
        o.visible_camera = False
        o.visible_glossy = True
        return o

    area("Key", 2.6, 480.0, (-2.0, -1.6, 3.6), (1.0, 0.97, 0.93))
    area("Fill", 3.0, 110.0, (2.8, -2.4, 1.9), (0.95, 0.97, 1.0))
    area("Top", 2.0, 70.0, (0.3, 1.2, 3.2))

    # Shadow catcher floor: gives the shadow as its own pass, keeps the object's alpha clean.
    bpy.ops.mesh.primitive_plane_add(size=40.0, location=(0, 0, 0))
    floor = bpy.context.active_object
    floor.name = "ShadowCatcher"
    floor.is_shadow_catcher = True
    mat = bpy.data.materials.new("FloorGrey")
    mat.use_nodes = True
    mat.node_tree.nodes["Principled BSDF"].inputs["Base Color"].default_value = (0.6, 0.58, 0.55, 1)
    mat.node_tree.nodes["Principled BSDF"].inputs["Roughness"].default_value = 0.6
    floor.data.materials.append(mat)


def setup_render(scene, size, samples):
    setup_cycles(scene, samples, adaptive_threshold=0.02, min_samples=max(8, samples // 4), bounces=(6, 2, 2, 4),
                 clamp_indirect=4.0, seed=3)
    scene.render.film_transparent = True
    filmic_look(scene, -0.8)
    vl = scene.view_layers[0]
    vl.cycles.denoising_store_passes = True
    vl.cycles.use_pass_shadow_catcher = True


# ----------------------------------------------------------------------------
# Camera fitted to the piece
# ----------------------------------------------------------------------------

def piece_points(root, with_decor=True):
    """World-space vertices of every evaluated mesh under root (modifiers applied); optionally without the
    styling props (books, vases) so the real size is the furniture's own."""
    dg = bpy.context.evaluated_depsgraph_get()
    pts = []
    for o in bpy.context.scene.objects:
        if o.type not in ("MESH", "CURVE") or o.name == "ShadowCatcher":
            continue
        if not with_decor and o.get("decor"):
            continue
        ev = o.evaluated_get(dg)
        try:
            me = ev.to_mesh()
        except RuntimeError:
            continue
        mw = ev.matrix_world
        step = max(1, len(me.vertices) // 4000)
        co = np.empty(len(me.vertices) * 3, dtype=np.float32)
        me.vertices.foreach_get("co", co)
        pts.extend(mw @ Vector(c) for c in co.reshape(-1, 3)[::step])
        ev.to_mesh_clear()
    return pts


def setup_camera(scene, pts, size, azimuth):
    xs = [p.x for p in pts]
    ys = [p.y for p in pts]
    zs = [p.z for p in pts]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    target = Vector((cx, cy, (min(zs) + max(zs)) / 2))
    az = math.radians(azimuth)
    cam_d = bpy.data.cameras.new("Camera")
    cam_d.sensor_fit = "AUTO"
    cam_d.sensor_width = 36.0
    cam_d.clip_start = 0.05
    cam = link(bpy.data.objects.new("Camera", cam_d))
    cam.location = (cx - CAMERA_DISTANCE * math.sin(az), cy - CAMERA_DISTANCE * math.cos(az), CAMERA_HEIGHT)
    # Level: look horizontally towards the piece; the shift below frames it.
    look = target - cam.location
    look.z = 0.0
    aim(cam, look)
    scene.camera = cam
    bpy.context.view_layer.update()
    inv = cam.matrix_world.inverted()
    u, v = [], []
    for p in pts:
        q = inv @ p
        u.append(q.x / -q.z)
        v.append(q.y / -q.z)
    ex, ey = (max(u) - min(u)) * MARGIN, (max(v) - min(v)) * MARGIN
    ext = max(ex, ey)
    cam_d.lens = cam_d.sensor_width / ext
    cam_d.shift_x = (max(u) + min(u)) / 2 / ext
    cam_d.shift_y = (max(v) + min(v)) / 2 / ext
    if ex >= ey:
        scene.render.resolution_x, scene.render.resolution_y = size, max(16, round(size * ey / ex))
    else:
        scene.render.resolution_x, scene.render.resolution_y = max(16, round(size * ex / ey)), size
    pitch = 0.0
    return cam, (cx, cy), (min(xs), max(xs), min(ys), max(ys), min(zs), max(zs)), pitch


def to_pixel(scene, cam, p):
    co = world_to_camera_view(scene, cam, Vector(p))
    return co.x * scene.render.resolution_x, (1 - co.y) * scene.render.resolution_y


# ----------------------------------------------------------------------------
# Post: denoise, shadow, write
# ----------------------------------------------------------------------------


def gaussian_blur(a, sigma):
    r = max(1, int(3 * sigma))
    k = np.exp(-np.arange(-r, r + 1) ** 2 / (2 * sigma * sigma)).astype(np.float32)
    k /= k.sum()
    p = np.pad(a, ((0, 0), (r, r)), mode="edge")
    a = sum(k[i] * p[:, i:i + a.shape[1]] for i in range(2 * r + 1))
    p = np.pad(a, ((r, r), (0, 0)), mode="edge")
    return sum(k[i] * p[i:i + a.shape[0], :] for i in range(2 * r + 1))


def save_rgba(rgba_premul, path, scene, view_transform=True):
    """Write premultiplied linear RGBA through the scene's view transform as a straight-alpha PNG."""
    h, w, _ = rgba_premul.shape
    img = bpy.data.images.new("Out", w, h, alpha=True, float_buffer=True)
    img.pixels.foreach_set(np.ascontiguousarray(rgba_premul[::-1], dtype=np.float32).ravel())
    settings = scene.render.image_settings
    settings.file_format = "PNG"
    settings.color_mode = "RGBA"
    settings.color_depth = "8"
    if not view_transform:
        vt = scene.view_settings.view_transform
        scene.view_settings.view_transform = "Standard"
        look = scene.view_settings.look
        scene.view_settings.look = "None"
    img.save_render(path, scene=scene)
    if not view_transform:
        scene.view_settings.view_transform = vt
        scene.view_settings.look = look
    bpy.data.images.remove(img)


def render_job(job, size, samples):
    t0 = time.time()
    scene = reset_scene()
    setup_studio(scene)
    setup_render(scene, size, samples)
    M = Materials()
    root = pieces.build(job["type"], job["params"], M)
    bpy.context.view_layer.update()
    pts = piece_points(root)
    view = job.get("view", "three-quarter")
    azimuth = 0.0 if view == "front" else AZIMUTH
    cam, (cx, cy), bounds, pitch = setup_camera(scene, pts, size, azimuth)
    tmpdir = tempfile.mkdtemp(prefix="stagecraft_sprite_")
    setup_compositor(scene, tmpdir, extra_slots=(("shadow", "Shadow Catcher"),), color_mode="RGBA")
    t_build = time.time()
    bpy.ops.render.render(write_still=False)
    t_render = time.time()

    w, h = scene.render.resolution_x, scene.render.resolution_y

    def find(stem):
        return sorted(glob.glob(os.path.join(tmpdir, stem + "*.exr")))[0]

    beauty = load_exr(find("beauty"), w, h, 4)[::-1]
    albedo = load_exr(find("albedo"), w, h, 3)[::-1]
    normal = load_exr(find("normal"), w, h, 3)[::-1]
    catcher = load_exr(find("shadow"), w, h, 3)[::-1]
    alpha = beauty[..., 3:4]
    rgb = denoise(beauty[..., :3], albedo, normal, **SPRITE_DENOISE)
    rgba = np.concatenate([rgb, alpha], axis=2)
    # Shadow strength: 1 - the catcher's light ratio, smoothed (it is noisy at low sample counts).
    strength = np.clip(1.0 - catcher.mean(axis=2), 0.0, 1.0)
    strength = gaussian_blur(strength, 1.6)
    strength = np.clip((strength - 0.015) / 0.985, 0.0, 1.0)
    shadow = np.zeros((h, w, 4), np.float32)
    shadow[..., 3] = strength

    out = job["out"]
    os.makedirs(os.path.dirname(out), exist_ok=True)
    save_rgba(rgba, out + ".png", scene)
    save_rgba(shadow, out + ".shadow.png", scene, view_transform=False)

    own = piece_points(root, with_decor=False)
    x0, x1 = min(p.x for p in own), max(p.x for p in own)
    y0, y1 = min(p.y for p in own), max(p.y for p in own)
    z0, z1 = max(0.0, min(p.z for p in own)), max(p.z for p in own)
    # The footprint is what touches the floor: the bounds of the piece's own points within 6 cm of it (a palm's
    # fronds or an arc lamp's arm overhang their base; the base is where the piece stands).
    low = [p for p in own if p.z < z0 + 0.06] or own
    fx = (min(p.x for p in low) + max(p.x for p in low)) / 2
    fy = (min(p.y for p in low) + max(p.y for p in low)) / 2
    contact_world = Vector((fx, fy, 0.0))
    contact = to_pixel(scene, cam, contact_world)
    # px per cm: a 10 cm step along the camera's horizontal right vector, at the contact point's depth
    right = cam.matrix_world.to_3x3() @ Vector((1, 0, 0))
    right.z = 0
    right.normalize()
    p2 = to_pixel(scene, cam, contact_world + right * 0.1)
    px_per_cm = math.hypot(p2[0] - contact[0], p2[1] - contact[1]) / 10.0
    meta = {
        "id": job["id"], "type": job["type"], "theme": job["theme"], "label": job["label"],
        "view": view, "width": w, "height": h,
        "sizeCm": {"width": round((x1 - x0) * 100, 1), "depth": round((y1 - y0) * 100, 1), "height": round((z1 - z0) * 100, 1)},
        "contact": {"x": round(contact[0], 1), "y": round(contact[1], 1)},
        "pxPerCm": round(px_per_cm, 4),
        "cameraHeightCm": CAMERA_HEIGHT * 100, "cameraPitchDeg": round(pitch, 2),
        "cameraDistanceCm": CAMERA_DISTANCE * 100, "cameraAzimuthDeg": azimuth,
        "samples": samples, "renderSeconds": round(t_render - t_build, 1),
    }
    with open(out + ".json", "w") as f:
        json.dump(meta, f, indent=2)
    shutil.rmtree(tmpdir, ignore_errors=True)
    print("STAGECRAFT sprite %s %dx%d build=%.1fs render=%.1fs post=%.1fs"
          % (job["id"], w, h, t_build - t0, t_render - t_build, time.time() - t_render), flush=True)


def main():
    opts = parse_args()
    with open(opts["jobs"]) as f:
        jobs = json.load(f)
    for job in jobs:
        try:
            render_job(job, opts["size"], opts["samples"])
        except Exception as e:  # one broken piece must not stop the batch; the driver reports it
            import traceback
            traceback.print_exc()
            print("STAGECRAFT failed %s: %s" % (job["id"], e), flush=True)


if __name__ == "__main__":
    main()
