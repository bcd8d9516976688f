"""Render plumbing shared by the furniture sprites and the landing room: aiming lights and cameras, writing
the beauty and denoising passes to EXR through the compositor, and reading them back as numpy arrays for our
own denoise (Debian's Blender has no OpenImageDenoise)."""

import math

import bpy
import numpy as np
from mathutils import Vector

DENOISE_SLOTS = (("beauty", "Image"), ("albedo", "Denoising Albedo"), ("normal", "Denoising Normal"))


def aim(obj, direction):
    obj.rotation_euler = Vector(direction).to_track_quat("-Z", "Y").to_euler()


def new_world(scene, name):
    """An empty node-based world for the scene; returns its node tree and the Z of the view direction (-1 down
    .. 1 up), which both our skies are graded along."""
    w = bpy.data.worlds.new(name)
    scene.world = w
    w.use_nodes = True
    nt = w.node_tree
    for n in list(nt.nodes):
        nt.nodes.remove(n)
    tc = nt.nodes.new("ShaderNodeTexCoord")
    sep = nt.nodes.new("ShaderNodeSeparateXYZ")
    nt.links.new(tc.outputs["Generated"], sep.inputs[0])
    return nt, sep.outputs["Z"]


def setup_cycles(scene, samples, *, adaptive_threshold, min_samples, bounces, clamp_indirect, seed):
    """Cycles on the CPU: adaptive sampling, no built-in denoiser (Debian's build has no OpenImageDenoise; the
    callers filter the passes themselves), no caustics. bounces = (total, diffuse, glossy, transmission)."""
    scene.render.engine = "CYCLES"
    c = scene.cycles
    c.device = "CPU"
    c.samples = samples
    c.use_adaptive_sampling = True
    c.adaptive_threshold = adaptive_threshold
    c.adaptive_min_samples = min_samples
    c.use_denoising = False
    c.max_bounces, c.diffuse_bounces, c.glossy_bounces, c.transmission_bounces = bounces
    c.transparent_max_bounces = 8
    c.caustics_reflective = False
    c.caustics_refractive = False
    c.blur_glossy = 1.0
    c.sample_clamp_indirect = clamp_indirect
    c.seed = seed
    scene.render.resolution_percentage = 100


def filmic_look(scene, exposure):
    """The Filmic view transform with its Medium High Contrast look (named differently across Blender versions)."""
    vs = scene.view_settings
    scene.display_settings.display_device = "sRGB"
    vs.view_transform = "Filmic"
    for look in ("Medium High Contrast", "Filmic - Medium High Contrast"):
        try:
            vs.look = look
            break
        except TypeError:
            pass
    vs.exposure = exposure
    return vs


def setup_compositor(scene, tmpdir, extra_slots=(), color_mode=None):
    """Write the beauty pass (linear), the denoising albedo and normal, and any extra passes to EXR files."""
    scene.use_nodes = True
    nt = scene.node_tree
    for n in list(nt.nodes):
        nt.nodes.remove(n)
    rl = nt.nodes.new("CompositorNodeRLayers")
    comp = nt.nodes.new("CompositorNodeComposite")
    nt.links.new(rl.outputs["Image"], comp.inputs["Image"])
    fo = nt.nodes.new("CompositorNodeOutputFile")
    fo.base_path = tmpdir
    fo.format.file_format = "OPEN_EXR"
    fo.format.color_depth = "32"
    fo.format.exr_codec = "ZIP"
    if color_mode is not None:
        fo.format.color_mode = color_mode
    fo.file_slots.clear()
    for slot, sock in (*DENOISE_SLOTS, *extra_slots):
        fo.file_slots.new(slot)
        nt.links.new(rl.outputs[sock], fo.inputs[slot])


def load_exr(path, w, h, channels=3):
    img = bpy.data.images.load(path)
    a = np.empty(w * h * 4, dtype=np.float32)
    img.pixels.foreach_get(a)
    bpy.data.images.remove(img)
    return a.reshape(h, w, 4)[:, :, :channels].copy()


def shifted(a, dy, dx, r):
    """View of the padded array a shifted by (dy, dx)."""
    h, w = a.shape[0] - 2 * r, a.shape[1] - 2 * r
    return a[r + dy:r + dy + h, r + dx:r + dx + w]


def denoise(beauty, albedo, normal, *, radius, sigma_s, sigma_a, sigma_n, sigma_c, firefly_floor):
    """Joint cross-bilateral filter on the *demodulated* illumination (our stand-in for OpenImageDenoise).

    1. kill isolated fireflies (pixel >> 3x3 median + firefly_floor);
    2. divide out the albedo so textures (wood grain, fabric, weaves) are not blurred;
    3. filter the illumination with weights from spatial distance, albedo difference, normal difference and
       (pre-smoothed) illumination difference;
    4. multiply the albedo back in.
    """
    eps = 0.02
    img = beauty.copy()
    lum = img @ np.array([0.2126, 0.7152, 0.0722], dtype=np.float32)
    pl = np.pad(lum, 1, mode="edge")
    med = np.median(np.stack([shifted(pl, dy, dx, 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]), axis=0)
    limit = 2.5 * med + firefly_floor
    img *= np.where(lum > limit, limit / np.maximum(lum, 1e-6), 1.0)[..., None]
    alb = np.maximum(albedo, eps)
    irr = img / alb
    # tonemapped guide for the range weights, pre-smoothed 3x3 so noise does not dominate
    tm = irr / (1.0 + irr)
    pt = np.pad(tm, ((1, 1), (1, 1), (0, 0)), mode="edge")
    guide = sum(shifted(pt, dy, dx, 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1)) / 9.0
    r = radius
    pad3 = ((r, r), (r, r), (0, 0))
    p_irr, p_alb, p_nrm, p_gd = (np.pad(a, pad3, mode="edge") for a in (irr, albedo, normal, guide))
    acc = np.zeros_like(irr)
    wsum = np.zeros(irr.shape[:2], dtype=np.float32)
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            ws = math.exp(-(dx * dx + dy * dy) / (2 * sigma_s ** 2))
            if ws < 0.02:
                continue
            da = shifted(p_alb, dy, dx, r) - albedo
            dn = shifted(p_nrm, dy, dx, r) - normal
            dc = shifted(p_gd, dy, dx, r) - guide
            wgt = ws * np.exp(-(da * da).sum(-1) / (2 * sigma_a ** 2) - (dn * dn).sum(-1) / (2 * sigma_n ** 2)
                              - (dc * dc).sum(-1) / (2 * sigma_c ** 2))
            acc += wgt[..., None] * shifted(p_irr, dy, dx, r)
            wsum += wgt
    # the centre tap always weighs 1, so wsum >= 1
    return acc / wsum[..., None] * alb
