use std::io::Write;

use ab_glyph::{Font as _, FontRef, PxScale, ScaleFont as _};
use image::{Pixel, Rgba, RgbaImage};
use imageproc::drawing;

use crate::barcodes;
use crate::elements::barcode_128::BarcodeMode;
use crate::elements::drawer_options::DrawerOptions;
use crate::elements::field_orientation::FieldOrientation;
use crate::elements::font_face::FontFace;
use crate::elements::graphic_field::{GraphicField, GraphicFieldMode};
use crate::elements::label_element::LabelElement;
use crate::elements::label_info::LabelInfo;
use crate::elements::label_position::LabelPosition;
use crate::elements::line_color::LineColor;
use crate::elements::text_field::TextField;
use crate::images;

use super::drawer_state::DrawerState;

static FONT_ZERO: &[u8] = crate::assets::FONT_ZERO_SUBSTITUTE;
static FONT_DEJAVU_MONO: &[u8] = crate::assets::FONT_DEJAVU_SANS_MONO;

/// Substitute-face layout knobs for one text field, derived from the ZPL font
/// name and threaded through the pen walks (this supersedes the bare `f0`
/// flag those walks used to take). `f0` selects the font-0 corrections;
/// `adv_mult` rescales the substitute's cell advance for the resident bitmap
/// fonts whose real cells advance wider than the coded width (see
/// `tuning::bitmap_advance_mult`); `dedot_zero` marks faces standing in for
/// Zebra bitmap fonts, whose zeros are clean ovals — the DejaVu substitute's
/// dotted zero gets its interior island removed at raster time.
#[derive(Clone, Copy)]
struct SubstMetrics {
    f0: bool,
    adv_mult: f32,
    dedot_zero: bool,
}

impl SubstMetrics {
    /// Neutral metrics for the separately calibrated barcode interpretation
    /// lines: the plain substitute cell advance, no font-0 corrections, no
    /// bitmap zero de-dotting.
    const PLAIN: Self = SubstMetrics {
        f0: false,
        adv_mult: 1.0,
        dedot_zero: false,
    };
}

pub struct Renderer;

impl Default for Renderer {
    fn default() -> Self {
        Self
    }
}

impl Renderer {
    pub fn new() -> Self {
        Renderer
    }

    pub fn draw_label_as_png(
        &self,
        label: &LabelInfo,
        output: &mut dyn Write,
        options: DrawerOptions,
    ) -> Result<(), String> {
        let options = options.with_defaults();
        let mut state = DrawerState::new();

        let width_mm = options.label_width_mm;
        let height_mm = options.label_height_mm;
        let dpmm = options.dpmm;

        // A dot count converted through millimetres can land a few ULPs
        // above an integer (e.g. 7 / 24000 * 24000). Preserve that integer
        // canvas while still rounding genuine fractional dots upward.
        let canvas_dots = |mm: f64| {
            let dots = mm * dpmm as f64;
            let nearest = dots.round();
            if (dots - nearest).abs() <= dots.abs() * f64::EPSILON * 4.0 {
                nearest as i32
            } else {
                dots.ceil() as i32
            }
        };
        let label_width = canvas_dots(width_mm);
        let image_width = if label.print_width > 0 {
            label_width.min(label.print_width)
        } else {
            label_width
        };
        let image_height = canvas_dots(height_mm);

        let mut canvas = RgbaImage::from_pixel(
            image_width as u32,
            image_height as u32,
            Rgba([255, 255, 255, 255]),
        );

        let mut reverse_buf: Option<RgbaImage> = None;

        // Print-time region inversions (e.g. TSPL REVERSE): collected here,
        // skipped as drawable, and inverted over the finished label before
        // any whole-label transformation.
        let invert_regions: Vec<_> = label
            .elements
            .iter()
            .filter_map(|e| match e {
                LabelElement::InvertRegion(r) => {
                    Some((r.position.x, r.position.y, r.width, r.height))
                }
                _ => None,
            })
            .collect();

        for element in &label.elements {
            if matches!(element, LabelElement::InvertRegion(_)) {
                continue;
            }
            let reverse_print = element.is_reverse_print();

            if reverse_print {
                let buf = reverse_buf.get_or_insert_with(|| {
                    RgbaImage::from_pixel(
                        image_width as u32,
                        image_height as u32,
                        Rgba([0, 0, 0, 0]),
                    )
                });
                // Clear buffer
                for pixel in buf.pixels_mut() {
                    *pixel = Rgba([0, 0, 0, 0]);
                }
                self.draw_element(buf, element, &options, &mut state)?;
                images::reverse_print::reverse_print(buf, &mut canvas);
            } else {
                self.draw_element(&mut canvas, element, &options, &mut state)?;
            }
        }

        // Apply print-time region inversions in label coordinate space,
        // before print-width centering / whole-label inversion / mirroring.
        for (x, y, w, h) in invert_regions {
            let (x0, y0) = (x.max(0) as u32, y.max(0) as u32);
            let (x1, y1) = ((x + w).max(0) as u32, (y + h).max(0) as u32);
            let (x1, y1) = (x1.min(canvas.width()), y1.min(canvas.height()));
            for py in y0..y1 {
                for px in x0..x1 {
                    let p = canvas.get_pixel(px, py);
                    let inverted = 255u8 - p[0];
                    canvas.put_pixel(px, py, Rgba([inverted, inverted, inverted, p[3]]));
                }
            }
        }

        // Handle print width centering and label inversion
        let invert_label = options.enable_inverted_labels && label.inverted;
        if image_width != label_width || invert_label {
            let mut final_canvas = RgbaImage::from_pixel(
                label_width as u32,
                image_height as u32,
                Rgba([255, 255, 255, 255]),
            );

            let offset_x = ((label_width - image_width) / 2) as i64;

            if invert_label {
                // Rotate the rendered content 180° and composite it over the white
                // canvas with imageops::overlay, matching the centering path below.
                // Element drawing can leave semi-transparent pixels on the canvas
                // (rotated text buffers are stamped in without blending), so this
                // branch must also use src-over compositing rather than raw pixel copy;
                // otherwise the 1-bit encode will treat any covered pixel as solid black.
                // offset (label_width - image_width) - offset_x reproduces the previous
                // dst_x = label_width - 1 - x - offset_x mapping one-to-one.
                let rotated = image::imageops::rotate180(&canvas);
                let inverted_offset_x = (label_width - image_width) as i64 - offset_x;
                image::imageops::overlay(&mut final_canvas, &rotated, inverted_offset_x, 0);
            } else {
                image::imageops::overlay(&mut final_canvas, &canvas, offset_x, 0);
            }
            canvas = final_canvas;
        }

        // ^PM mirrors the complete output after print-width centering and ^PO.
        // Flipping only the narrower ^PW canvas misplaces odd margins by a dot.
        if label.mirrored {
            image::imageops::flip_horizontal_in_place(&mut canvas);
        }

        let mut buf = Vec::new();
        images::monochrome::encode_png_with(&canvas, &mut buf, options.antialias)
            .map_err(|e| format!("failed to encode png: {}", e))?;
        output
            .write_all(&buf)
            .map_err(|e| format!("failed to write png: {}", e))
    }

    fn draw_element(
        &self,
        canvas: &mut RgbaImage,
        element: &LabelElement,
        options: &DrawerOptions,
        state: &mut DrawerState,
    ) -> Result<(), String> {
        // Bottom-of-label-anchored elements that are not drawn from an
        // encoded image flip here, where the canvas height is known; the
        // image-drawn elements (barcodes, 2-D codes) flip inside
        // `adjust_image_typeset_position`, which sees the real bitmap
        // extents.
        let flipped;
        let element = match flip_from_bottom(element, canvas.height()) {
            Some(adjusted) => {
                flipped = adjusted;
                &flipped
            }
            None => element,
        };
        match element {
            LabelElement::Text(text) => self.draw_text(canvas, text, state),
            LabelElement::GraphicBox(gb) => {
                self.draw_graphic_box(canvas, gb);
                Ok(())
            }
            LabelElement::GraphicCircle(gc) => {
                self.draw_graphic_circle(canvas, gc);
                Ok(())
            }
            LabelElement::GraphicEllipse(ge) => {
                self.draw_graphic_ellipse(canvas, ge);
                Ok(())
            }
            LabelElement::DiagonalLine(dl) => {
                self.draw_diagonal_line(canvas, dl);
                Ok(())
            }
            LabelElement::GraphicField(gf) => {
                self.draw_graphic_field(canvas, gf);
                Ok(())
            }
            LabelElement::Barcode128(bc) => self.draw_barcode_128(canvas, bc),
            LabelElement::BarcodeEan13(bc) => self.draw_barcode_ean13(canvas, bc),
            LabelElement::BarcodeEan8(bc) => self.draw_barcode_ean8(canvas, bc),
            LabelElement::BarcodeUca(bc) => self.draw_barcode_upca(canvas, bc),
            LabelElement::Barcode2of5(bc) => self.draw_barcode_2of5(canvas, bc),
            LabelElement::Barcode39(bc) => self.draw_barcode_39(canvas, bc),
            LabelElement::BarcodePdf417(bc) => self.draw_barcode_pdf417(canvas, bc),
            LabelElement::BarcodeAztec(bc) => self.draw_barcode_aztec(canvas, bc),
            LabelElement::BarcodeDatamatrix(bc) => self.draw_barcode_datamatrix(canvas, bc),
            LabelElement::BarcodeQr(bc) => self.draw_barcode_qr(canvas, bc, options),
            LabelElement::Maxicode(mc) => self.draw_maxicode(canvas, mc),
            LabelElement::BarcodeUcpe(bc) => self.draw_barcode_upce(canvas, bc),
            _ => Ok(()), // Config/template elements are not drawn
        }
    }

    fn draw_text(
        &self,
        canvas: &mut RgbaImage,
        text: &TextField,
        state: &mut DrawerState,
    ) -> Result<(), String> {
        // Some bitmap faces carry no lowercase glyphs; the printer (and the
        // reference renderer) draw lowercase field data as uppercase. Match that
        // here so the TTF substitute doesn't produce mixed-case output real
        // hardware can't.
        let face = text.font.face;
        let drawn_text: String = if face.uppercases_input() {
            text.text.to_uppercase()
        } else {
            text.text.clone()
        };
        let font_data = face.ttf_data();
        let font = FontRef::try_from_slice(font_data)
            .map_err(|e| format!("failed to load font: {}", e))?;

        // The advance table and the vertical pen offset are calibrated for the scalable
        // font 0 only; the bitmap fonts are left on their existing metrics.
        let f0 = face == FontFace::CondensedBold;
        let font_size = text.font.get_size() as f32;
        let scale_x = text.font.get_scale_x() as f32;
        let mut scale = PxScale {
            x: font_size * scale_x,
            y: font_size,
        };

        // Compute font ascent for ^FT baseline positioning.
        // Use a ZPL-proportional ascent (~76% of cell height) to match Zebra font metrics,
        // since our substitute TTF fonts have different ascent ratios.
        let ascent = font_size * 0.76;

        // Bitmap fonts (A–H) correction:
        // Zebra's built-in bitmap Font A uses 7 of its 9 dot rows for capital letters (cap-height
        // = 7/9 of cell height).  DejaVu Mono, our TTF substitute, renders cap letters at ~6/9 of
        // the em-square.  To match Zebra's proportions we:
        //   1. Scale scale.y by 7/6 so the rendered cap-height becomes 7/9 × cell.
        //   2. Shift the draw-Y upward so the cap top aligns with the field origin (^FO y-coord)
        //      instead of being pushed down by the TTF ascender gap.
        // The shift is computed from the actual 'H' glyph bounds at the ORIGINAL scale so that
        // it remains correct for any font size or magnification.
        let subst = SubstMetrics {
            f0,
            adv_mult: text.font.advance_mult as f32,
            dedot_zero: text.font.dedot_zero,
        };
        // Font B cap height measured on Labelary: ~11.5 dots per magnification for an 11-dot
        // cell (caps overshoot the nominal cell), where DejaVu Mono Bold caps land at ~0.657 of
        // the ab_glyph scale -- hence 11.5/11/0.657 = 1.59 vs the generic 7/6 font-A correction.
        // Fonts P-V (resident bitmaps): Labelary caps measure ~0.60-0.625x the base
        // cell (P: 12/20, Q: 17/28, S: 25/40), where DejaVu Mono Bold caps land at
        // ~0.72em -- hence ~0.85 (sweep 0.80-0.90 converged on 0.85).
        // Font 1 (mono substitute): DejaVu Sans Mono regular caps land at 1493/2384
        // ≈ 0.626 of the ab_glyph scale and must read as 0.73 of the height param.
        let line_height_factor: f32 = face.line_height_factor() as f32;
        // Font 0's substitute needs a cap-height correction like the bitmap
        // fonts (see tuning::FONT0_CAP_SCALE): inflate the em so caps land at
        // 0.75 of the cell, matching Labelary. The font-0 constants expressed
        // in scaled-em units (advance deltas, missing-glyph advance, the
        // size-proportional pen offset) already account for this factor.
        if f0 {
            scale.y = font_size * crate::tuning::FONT0_CAP_SCALE as f32;
        }
        let cap_scale: f32 = face.cap_scale() as f32;
        // Bitmap fonts (A-H, P-V) enlarge the em by cap_scale only to match glyph
        // size; the ^FB line pitch on the printer is still the font cell height
        // (+ line spacing). Without this, an 18-dot font C block advances 21 dots
        // per line instead of 18 and long blocks overflow into following fields.
        let line_height_factor: f32 = if face.divides_line_height_by_cap() {
            line_height_factor / cap_scale
        } else {
            line_height_factor
        };
        let bitmap_y_shift: f64 = if face.uses_cell_shift() {
            scale.y = font_size * cap_scale;

            let orig_scale = PxScale {
                x: scale.x,
                y: font_size,
            };
            let orig_ascent = font.as_scaled(orig_scale).ascent();
            let orig_gap = font
                .outline_glyph(
                    font.glyph_id('H')
                        .with_scale_and_position(orig_scale, ab_glyph::point(0.0, orig_ascent)),
                )
                .map(|g| g.px_bounds().min.y as f64)
                .unwrap_or(font_size as f64 * 0.148);

            // With the cap-scaled em, the ascender gap also scales by the same factor.
            // Shift the draw origin UP by that new gap so cap_top = field y.
            // Labelary anchors P-V caps ~0.15x cell BELOW the field origin (measured:
            // P top is 3px below origin at 20-dot cell, Q 4px at 28-dot, S 6px at
            // 40-dot), so push the origin back down by that amount.
            let p_low_cap = font_size as f64 * face.cap_anchor_drop();
            -(orig_gap * cap_scale as f64) + p_low_cap
        } else {
            0.0
        };

        // Measure text width approximately (scale already includes scale_x).
        // Use superscript-aware measurement so that ® is counted at its rendered size.
        let text_width =
            measure_text_width_with_superscript(&drawn_text, &font, scale, subst) as f64;

        // For field blocks, use block width for positioning instead of measured text width
        let pos_width = if let Some(ref block) = text.block {
            block.max_width as f64
        } else {
            text_width
        };

        // Effective between-line pitch actually drawn by draw_text_block. For
        // font 1 (fractional factor + cap-scaled em) this differs from the raw
        // height param, and multiline ^FT anchoring must span the drawn extent.
        let line_pitch = scale.y * line_height_factor
            + text
                .block
                .as_ref()
                .map(|b| b.line_spacing as f32)
                .unwrap_or(0.0);
        let (x, y) = get_text_top_left_pos(
            text,
            pos_width,
            font_size as f64,
            ascent as f64,
            state,
            line_pitch as f64,
        );
        // Apply bitmap y-correction (zero for non-bitmap fonts).
        let y = y + bitmap_y_shift;
        // Font 1's mono substitute lsb rounds one pixel wider than Labelary's
        // face. The nudge lives in LOCAL text space (pen axis) so it rotates
        // with the field instead of shifting page-space X for R/I/B.
        let pen_x_offset: f32 = face.pen_x_offset() as f32;
        state.update_automatic_text_position(text, pos_width);

        let color = Rgba([0, 0, 0, 255]);

        // Render text to a buffer, then rotate if needed
        let orientation = text.font.orientation;
        // Overprinting blends glyph edges repeatedly. Use the same transparent
        // buffer for every orientation in that case: blending directly onto
        // white rounds coverage differently from accumulating alpha, which can
        // change the final monochrome mask after several overlapping lines.
        let buffer_overflow = orientation == FieldOrientation::Normal
            && text.block.as_ref().is_some_and(|block| {
                block.overwrite_last_line
                    && word_wrap(&drawn_text, &font, scale, block, subst).len()
                        > block.max_lines.max(1) as usize
            });

        if orientation == FieldOrientation::Normal && !buffer_overflow {
            // Normal: draw directly onto canvas (no rotation needed)
            if let Some(ref block) = text.block {
                draw_text_block(
                    canvas,
                    &font,
                    scale,
                    0.0,
                    color,
                    x as f32 + pen_x_offset,
                    y as f32,
                    block,
                    &drawn_text,
                    subst,
                    line_height_factor,
                    0,
                );
            } else {
                draw_text_with_superscript(
                    canvas,
                    &font,
                    scale,
                    color,
                    x as f32 + pen_x_offset,
                    y as f32,
                    &drawn_text,
                    subst,
                );
            }
        } else {
            // Render to a transparent buffer, rotate as needed, then overlay.
            // Headroom above the ascent keeps marks that rise above it (Ä, É) from
            // being clipped at the buffer's top edge; a matching `bottom_pad`
            // below the descent keeps deep-extending glyphs (ˎ, j) from being
            // clipped at the bottom.
            //
            // The buffer's width must cover the laid-out INK, not just the
            // corrected advance, and must leave a left margin for ink that
            // reaches left of the pen: font-0 advance deltas can be negative
            // enough (Ā −0.41 em) that the corrected advance undercuts the
            // glyph's own ink, and negative left bearings (Ï, the Greek tonos
            // capitals, j) overhang the pen origin — both were silently
            // clipped at the buffer edges before. Growing the trailing side
            // (`delta_r`) and shifting the pen right by `left_pad` keep every
            // previously rendered pixel in place once the overlay anchors are
            // rebased per orientation (see below).
            let headroom = scale.y.ceil() as u32;
            // Baseline-to-buffer-bottom depth the draw needs: glyph point.y is
            // `ascent (+ yoff for f0)` below the pen top, `ink_max_y` below
            // that. The pen top is the first line's top: headroom alone for
            // blocks, headroom + f0's rotated pen bias (see below) for plain
            // fields — block drawing does not apply that bias.
            let f0_rot_pen_bias: f32 = if f0 { -1.0 - 0.0253 * font_size } else { 0.0 };
            let ascent = font.as_scaled(scale).ascent()
                + if f0 {
                    crate::tuning::TEXT_Y_OFFSET as f32
                        + (crate::tuning::TEXT_Y_OFFSET_EM * scale.y as f64) as f32
                } else {
                    0.0
                };
            let bottom_pad_for = |pen_top: f32, content_h: u32, ink_max_y: f32| -> u32 {
                if ink_max_y == f32::MIN {
                    return 0;
                }
                // The deepest glyph hangs from the DEEPEST line's baseline
                // (the last one with positive pitch, line 1 with negative), so
                // the caller passes that line's top as `pen_top`; +1 for the
                // exclusive pixel edge, the ceil absorbs sub-pixel pitch and
                // the blit's independent rounding.
                let needed = pen_top + ascent + ink_max_y + 1.0;
                (needed.ceil() as i64 - (headroom + content_h) as i64).max(0) as u32
            };
            let (buf_w, buf_h, left_pad, delta_r, bottom_pad, top_pad) =
                if let Some(ref block) = text.block {
                    let lines = word_wrap(&drawn_text, &font, scale, block, subst);
                    // Same pitch draw_text_block uses (cap-scaled em × factor).
                    // ^FB line spacing may be negative: line tops are
                    // (k−1)·pitch, so later lines then sit ABOVE the pen top and
                    // the deepest line need not be the last — size both vertical
                    // margins from the actual line-top extents.
                    let pitch = scale.y * line_height_factor + block.line_spacing as f32;
                    let max_lines = block.max_lines.max(1) as usize;
                    let num_lines = lines.len().min(max_lines);
                    let spread = (num_lines - 1) as f32 * pitch;
                    let (min_top, max_top) = (spread.min(0.0), spread.max(0.0));
                    let top_pad = (-min_top).ceil().max(0.0) as u32;
                    let h = (max_top - min_top + scale.y).ceil() as u32 + 2;
                    // Per-line ink extents at the block origin cover unbreakable
                    // words wider than max_width and per-character overhangs
                    // past the advance edge. Centered and right-aligned lines
                    // get draw_text_block's alignment offset —
                    // negative for lines wider than max_width, which is exactly
                    // the unbreakable-word case that must reach left of the
                    // origin. Justified lines stay within [0, max_width].
                    let mut ink_min = f32::MAX;
                    let mut ink_max = f32::MIN;
                    let mut ink_max_y = f32::MIN;
                    let drawn_lines = if block.overwrite_last_line {
                        lines.len()
                    } else {
                        num_lines
                    };
                    for line in lines.iter().take(drawn_lines) {
                        let (a, b, y) =
                            measure_text_ink_bounds_with_superscript(line, &font, scale, subst);
                        if a <= b {
                            let lw = measure_text_width(line, &font, scale, subst);
                            let lx_offset = match block.alignment {
                                crate::elements::text_alignment::TextAlignment::Center => {
                                    (block.max_width as f32 - lw) / 2.0
                                }
                                crate::elements::text_alignment::TextAlignment::Right => {
                                    block.max_width as f32 - lw
                                }
                                _ => 0.0,
                            };
                            ink_min = ink_min.min(lx_offset + a);
                            ink_max = ink_max.max(lx_offset + b);
                            ink_max_y = ink_max_y.max(y);
                        }
                    }
                    let (over_l, over_r) = block_ink_overhangs(&drawn_text, &font, scale, subst);
                    let left_pad = if ink_min <= ink_max {
                        (-(pen_x_offset + ink_min.min(over_l))).round().max(0.0) as u32
                    } else {
                        (-(pen_x_offset + over_l)).round().max(0.0) as u32
                    };
                    let old_w = block.max_width as u32 + 2;
                    let content_w = old_w.max(
                        (ink_max.max(block.max_width as f32 + pen_x_offset + over_r) + 2.0)
                            .ceil()
                            .max(0.0) as u32,
                    );
                    // The deepest line's top: lines extend (k−1)·pitch from the
                    // pen, so with negative spacing it is line 1, not the last
                    // (draw_text_block accumulates `pitch` per line, snapping
                    // later line tops — sub-pixel vs this unrounded value,
                    // absorbed by the pad's ceil and +1).
                    let deepest_top = headroom as f32 + top_pad as f32 + max_top;
                    (
                        content_w + left_pad,
                        h,
                        left_pad,
                        content_w - old_w,
                        bottom_pad_for(deepest_top, h, ink_max_y),
                        top_pad,
                    )
                } else {
                    let old_w = (text_width as f32).ceil() as u32 + 2;
                    let (ink_min, ink_max, ink_max_y) =
                        measure_text_ink_bounds_with_superscript(&drawn_text, &font, scale, subst);
                    let (left_pad, content_w) = if ink_min <= ink_max {
                        let left_pad = (-(pen_x_offset + ink_min)).round().max(0.0) as u32;
                        // +1 for the exclusive pixel edge, +1 to absorb the blit's
                        // independent rounding of the glyph bounds.
                        let content_w =
                            old_w.max((pen_x_offset + ink_max + 2.0).ceil().max(0.0) as u32);
                        (left_pad, content_w)
                    } else {
                        // Nothing outlines (blank/missing glyphs only).
                        (0, old_w)
                    };
                    // Use scale.y (may be larger than font_size for bitmap fonts) for buffer height.
                    // Rotated font 0 keeps the cell-height buffer the rotated anchors were
                    // calibrated with — the cap-scaled em would shift the ink 0.37 em after
                    // the flip (see the pen bias below).
                    let h = if f0 { font_size } else { scale.y }.ceil() as u32 + 2;
                    (
                        content_w + left_pad,
                        h,
                        left_pad,
                        content_w - old_w,
                        bottom_pad_for(headroom as f32 + f0_rot_pen_bias, h, ink_max_y),
                        0,
                    )
                };

            if buf_w == 0 || buf_h == 0 {
                return Ok(());
            }

            let mut buf = RgbaImage::from_pixel(
                buf_w,
                buf_h + headroom + bottom_pad + top_pad,
                Rgba([0, 0, 0, 0]),
            );

            if let Some(ref block) = text.block {
                draw_text_block(
                    &mut buf,
                    &font,
                    scale,
                    if orientation == FieldOrientation::Normal {
                        (y - y.trunc()) as f32
                    } else {
                        0.0
                    },
                    color,
                    pen_x_offset,
                    headroom as f32 + top_pad as f32,
                    block,
                    &drawn_text,
                    subst,
                    line_height_factor,
                    left_pad as i32,
                );
            } else {
                // Rotated font 0: place the ink where the previous substitute's
                // calibration put it (ink top at −0.8 − 0.02·cell), undoing the
                // cap-scale gap so the rotation anchors reproduce the old geometry.
                // The headroom offset keeps that above-origin ink — and any
                // diacritics rising above it — inside the buffer instead of
                // clipping it at the top edge.
                let pen_y = if f0 {
                    headroom as f32 - 1.0 - 0.0253 * font_size
                } else {
                    headroom as f32
                };
                draw_text_with_superscript(
                    &mut buf,
                    &font,
                    scale,
                    color,
                    pen_x_offset + left_pad as f32,
                    pen_y,
                    &drawn_text,
                    subst,
                );
            }

            let rotated = match orientation {
                FieldOrientation::Rotated90 => rotate_90(&buf),
                FieldOrientation::Rotated180 => rotate_180(&buf),
                FieldOrientation::Rotated270 => rotate_270(&buf),
                _ => buf,
            };

            // Font 0 only: the calibrated advance-axis correction for I/B rotations
            // (see `tuning::ROTATED_ADVANCE_OFFSET`). Blocks whose text is centred
            // inside the block box are excluded — the box padding cancels out for
            // centred lines, and their rotated golden cases (amazonshipping ^FWB ^FB
            // centered fields) already align with the raw overlay position. Left-
            // justified rotated blocks (dhlparceluk) anchor at the pen like plain
            // text and need the same correction. Bitmap fonts stay uncorrected too.
            let anchored_at_pen = text
                .block
                .as_ref()
                .map(|b| {
                    matches!(
                        b.alignment,
                        crate::elements::text_alignment::TextAlignment::Left
                            | crate::elements::text_alignment::TextAlignment::Justified
                            | crate::elements::text_alignment::TextAlignment::Right
                    )
                })
                .unwrap_or(true);
            let (ox, oy) = if f0 && anchored_at_pen {
                match orientation {
                    FieldOrientation::Rotated180 => (x - crate::tuning::ROTATED_ADVANCE_OFFSET, y),
                    FieldOrientation::Rotated270 => (x, y - crate::tuning::ROTATED_ADVANCE_OFFSET),
                    _ => (x, y),
                }
            } else {
                (x, y)
            };
            // Only 270° turns the headroom rows into leading columns.
            let ox = if orientation == FieldOrientation::Rotated270 {
                ox - headroom as f64
            } else {
                ox
            };
            // #64's unclipping exposed (and probe-measured against Labelary at
            // 12–90 pt confirmed) a glyph-top anchor debt on rotated font-0
            // plain text: the glyph sits 1–4 px toward its cap side depending
            // on orientation — R +3..4 px along +x, I 3 px along +y, B 1..2 px
            // along −x. Shift each orientation back along its top axis.
            let (ox, oy) = if f0 && text.block.is_none() {
                match orientation {
                    FieldOrientation::Rotated90 => (ox - 3.0, oy),
                    FieldOrientation::Rotated180 => (ox, oy - 3.0),
                    FieldOrientation::Rotated270 => (ox + 2.0, oy),
                    _ => (ox, oy),
                }
            } else {
                (ox, oy)
            };
            // Rebase the anchors for the ink-extent buffer sizing above, so
            // previously rendered pixels stay exactly where they were and only
            // previously clipped ink appears. Which buffer edge each rotation
            // anchors on decides the correction:
            //   R:  buffer columns map to canvas rows — the left margin would
            //       push ink down one-for-one (trailing growth only extends it
            //       further down, away from the anchor); buffer rows map to
            //       canvas columns flipped, so the bottom pad pushes ink right.
            //   I:  buffer columns map to canvas columns, flipped — trailing
            //       growth pushes ink toward the anchor, while the left margin
            //       cancels itself against the flip; the bottom pad pushes ink
            //       down toward the anchor the same way.
            //   B:  buffer columns map to canvas rows, flipped — same as I on
            //       the other axis; rows map to columns directly, so both the
            //       left margin and the bottom pad extend away from the anchor
            //       (the top headroom is already rebased above).
            let (mut ox, oy) = match orientation {
                FieldOrientation::Normal => {
                    // Snap before subtracting padding so crossing zero cannot
                    // shift a near-edge field by a pixel.
                    (
                        ox.trunc() - left_pad as f64,
                        oy.trunc() - (headroom + top_pad) as f64,
                    )
                }
                FieldOrientation::Rotated90 => (ox - bottom_pad as f64, oy - left_pad as f64),
                FieldOrientation::Rotated180 => (ox - delta_r as f64, oy - bottom_pad as f64),
                FieldOrientation::Rotated270 => (ox - top_pad as f64, oy - delta_r as f64),
            };
            // Labelary reserves the full ^FB box (max_lines × pitch, signed —
            // negative line spacing flips the stacking direction) for rotated
            // blocks: line k renders at field_x + (max_lines − k + 1)·pitch
            // along the box's stacking axis. Probed with FB,1/FB,2/FB,3/FB,4 ×
            // 1- and 2-line content at positive and negative pitch — the
            // offset tracks max_lines regardless of how many lines wrap. Our
            // buffer stacks lines from the pen, so re-anchor line 1 onto
            // field_x + max_lines·pitch; the buffer's own (k−1)·pitch stacking
            // (flipped by the rotation) then places every line k.
            if f0 && orientation == FieldOrientation::Rotated90 {
                if let Some(ref block) = text.block {
                    let pitch = scale.y * line_height_factor + block.line_spacing as f32;
                    let reserved = block.max_lines.max(1) as f32 * pitch;
                    ox += reserved as f64 - buf_h as f64 - f0_rot_pen_bias as f64;
                }
            }

            overlay_at(canvas, &rotated, ox as i32, oy as i32);
        }

        Ok(())
    }

    fn draw_graphic_box(
        &self,
        canvas: &mut RgbaImage,
        gb: &crate::elements::graphic_box::GraphicBox,
    ) {
        let color = line_color_to_rgba(gb.line_color);
        let x = gb.position.x;
        let y = gb.position.y;
        let w = gb.width.max(gb.border_thickness);
        let h = gb.height.max(gb.border_thickness);
        let border = gb.border_thickness;

        if gb.corner_rounding > 0 {
            // ZPL corner_rounding 1-8: radius = (shorter_side / 2) * (rounding / 8)
            let shorter = w.min(h);
            let radius =
                ((shorter as f64 / 2.0) * (gb.corner_rounding as f64 / 8.0)).round() as i32;
            draw_rounded_rect(canvas, x, y, w, h, border, radius, color);
        } else {
            // Draw box with border
            if border >= w || border >= h {
                // Filled box
                draw_filled_rect(canvas, x, y, w, h, color);
            } else {
                // Top
                draw_filled_rect(canvas, x, y, w, border, color);
                // Bottom
                draw_filled_rect(canvas, x, y + h - border, w, border, color);
                // Left
                draw_filled_rect(canvas, x, y, border, h, color);
                // Right
                draw_filled_rect(canvas, x + w - border, y, border, h, color);
            }
        }
    }

    fn draw_graphic_circle(
        &self,
        canvas: &mut RgbaImage,
        gc: &crate::elements::graphic_circle::GraphicCircle,
    ) {
        let color = line_color_to_rgba(gc.line_color);
        let cx = gc.position.x as f32 + gc.circle_diameter as f32 / 2.0;
        let cy = gc.position.y as f32 + gc.circle_diameter as f32 / 2.0;
        let outer_r = gc.circle_diameter as f32 / 2.0;
        let thickness = gc.border_thickness.max(1) as f32;

        if thickness >= outer_r {
            // Filled circle
            drawing::draw_filled_circle_mut(canvas, (cx as i32, cy as i32), outer_r as i32, color);
        } else {
            // Ring: draw filled outer, then erase inner with opposite pass
            // Use per-pixel distance check for accurate ring rendering
            let inner_r = outer_r - thickness;
            let outer_r_sq = outer_r * outer_r;
            let inner_r_sq = inner_r * inner_r;
            let (w, h) = canvas.dimensions();
            let min_x = ((cx - outer_r - 1.0).max(0.0)) as u32;
            let max_x = ((cx + outer_r + 1.0).min(w as f32 - 1.0)) as u32;
            let min_y = ((cy - outer_r - 1.0).max(0.0)) as u32;
            let max_y = ((cy + outer_r + 1.0).min(h as f32 - 1.0)) as u32;
            for py in min_y..=max_y {
                for px in min_x..=max_x {
                    let dx = px as f32 - cx;
                    let dy = py as f32 - cy;
                    let dist_sq = dx * dx + dy * dy;
                    if dist_sq <= outer_r_sq && dist_sq >= inner_r_sq {
                        canvas.put_pixel(px, py, color);
                    }
                }
            }
        }
    }

    fn draw_graphic_ellipse(
        &self,
        canvas: &mut RgbaImage,
        ge: &crate::elements::graphic_ellipse::GraphicEllipse,
    ) {
        let color = line_color_to_rgba(ge.line_color);
        let rx = (ge.width.max(1) as f32) / 2.0;
        let ry = (ge.height.max(1) as f32) / 2.0;
        let cx = ge.position.x as f32 + rx;
        let cy = ge.position.y as f32 + ry;
        let thickness = ge.border_thickness.max(1) as f32;

        // Fill when the border reaches the minor axis (like the circle rule).
        let min_r = rx.min(ry);
        let (w, h) = canvas.dimensions();
        let min_x = ((cx - rx - 1.0).max(0.0)) as u32;
        let max_x = ((cx + rx + 1.0).min(w as f32 - 1.0)) as u32;
        let min_y = ((cy - ry - 1.0).max(0.0)) as u32;
        let max_y = ((cy + ry + 1.0).min(h as f32 - 1.0)) as u32;
        for py in min_y..=max_y {
            for px in min_x..=max_x {
                let dx = px as f32 - cx;
                let dy = py as f32 - cy;
                let d = (dx / rx) * (dx / rx) + (dy / ry) * (dy / ry);
                if d <= 1.0
                    && (thickness >= min_r || {
                        let inner_rx = rx - thickness;
                        let inner_ry = ry - thickness;
                        let d2 =
                            (dx / inner_rx) * (dx / inner_rx) + (dy / inner_ry) * (dy / inner_ry);
                        d2 >= 1.0
                    })
                {
                    canvas.put_pixel(px, py, color);
                }
            }
        }
    }

    fn draw_diagonal_line(
        &self,
        canvas: &mut RgbaImage,
        dl: &crate::elements::graphic_diagonal_line::GraphicDiagonalLine,
    ) {
        let color = line_color_to_rgba(dl.line_color);
        let x = dl.position.x as f32;
        let y = dl.position.y as f32;
        let w = dl.width as f32;
        let h = dl.height as f32;
        let thickness = dl.border_thickness.max(1);

        if thickness <= 1 {
            if dl.top_to_bottom {
                drawing::draw_line_segment_mut(canvas, (x, y), (x + w, y + h), color);
            } else {
                drawing::draw_line_segment_mut(canvas, (x, y + h), (x + w, y), color);
            }
        } else {
            // Thick diagonal: fill a horizontal band of width `t` starting from the diagonal,
            // extending to the right (positive x direction), unclipped vertically but bounded
            // by the vertical span [y, y+h].
            //
            // The fill parallelogram for R (/): diagonal goes from (x+w,y) to (x,y+h).
            //   At each row, fill starts at diag_x and extends t pixels right.
            //   Parallelogram: (x+w, y), (x+w+t, y), (x+t, y+h), (x, y+h)
            //
            // The fill parallelogram for L (\): diagonal goes from (x,y) to (x+w,y+h).
            //   At each row, fill starts at diag_x and extends t pixels right.
            //   Parallelogram: (x, y), (x+t, y), (x+w+t, y+h), (x+w, y+h)
            let t = (thickness - 1) as f32; // inclusive fill: t pixels wide
            let para = if dl.top_to_bottom {
                // L (\)
                [(x, y), (x + t, y), (x + w + t, y + h), (x + w, y + h)]
            } else {
                // R (/)
                [(x + w, y), (x + w + t, y), (x + t, y + h), (x, y + h)]
            };

            let points: Vec<imageproc::point::Point<i32>> = para
                .iter()
                .map(|(px, py)| imageproc::point::Point::new(*px as i32, *py as i32))
                .collect();
            drawing::draw_polygon_mut(canvas, &points, color);
        }
    }

    fn draw_graphic_field(&self, canvas: &mut RgbaImage, gf: &GraphicField) {
        let data_len = if gf.total_bytes > 0 {
            (gf.total_bytes as usize).min(gf.data.len())
        } else {
            gf.data.len()
        };

        if gf.row_bytes <= 0 || data_len == 0 {
            return;
        }

        let width = gf.row_bytes * 8;
        let height = data_len as i32 / gf.row_bytes;

        let mag_x = gf.magnification_x.max(1);
        let mag_y = gf.magnification_y.max(1);

        // When positioned by ^FT, y is the bottom edge of the field; adjust to top-left.
        let base_x = gf.position.x;
        let base_y = if gf.position.calculate_from_bottom {
            gf.position.y - height * mag_y
        } else {
            gf.position.y
        };

        let black = Rgba([0, 0, 0, 255]);
        let white = Rgba([255, 255, 255, 255]);

        for y in 0..height {
            for x in 0..width {
                let idx = (y * (width / 8) + x / 8) as usize;
                if idx >= gf.data.len() {
                    continue;
                }
                let val = (gf.data[idx] >> (7 - x % 8)) & 1;
                let ink = if gf.zero_bits_black {
                    val == 0
                } else {
                    val != 0
                };
                if ink {
                    for my in 0..mag_y {
                        for mx in 0..mag_x {
                            let px = base_x + x * mag_x + mx;
                            let py = base_y + y * mag_y + my;
                            if px >= 0
                                && py >= 0
                                && (px as u32) < canvas.width()
                                && (py as u32) < canvas.height()
                            {
                                // XOR inverts whatever is already there (black
                                // ink over black canvas erases it); Overwrite
                                // and Or just paint black — on a 1-bit canvas
                                // Or is indistinguishable from Overwrite.
                                let current = canvas.get_pixel(px as u32, py as u32);
                                if gf.mode == GraphicFieldMode::Xor && *current == black {
                                    canvas.put_pixel(px as u32, py as u32, white);
                                } else {
                                    canvas.put_pixel(px as u32, py as u32, black);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn draw_barcode_128(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_128::Barcode128WithData,
    ) -> Result<(), String> {
        let content = &bc.data;
        let (img, display_text) = match bc.barcode.mode {
            BarcodeMode::No => {
                barcodes::code128::encode_no_mode(content, bc.barcode.height, bc.width)?
            }
            _ => {
                // Modes U and D (UCC/EAN) automatically insert FNC1 at start per ZPL spec
                let (content_to_encode, display_text) = match bc.barcode.mode {
                    BarcodeMode::Ucc => {
                        // Mode U: truncate to 19 digits, append GS1 Mod-10 check digit, prepend FNC1
                        (
                            barcodes::code128::prepare_ucc_mode_data(content),
                            content.clone(),
                        )
                    }
                    BarcodeMode::Ean => {
                        // Mode D: FNC1 prepended automatically; >8 in data = embedded FNC1 separator
                        // for chaining GS1 application identifiers; parentheses and spaces stripped
                        // from encoding but preserved in display text per ZPL spec. Invocation
                        // codes affect the symbol only and must not be printed as glyphs.
                        barcodes::code128::prepare_ean_mode_data(content)
                    }
                    _ => (content.clone(), content.clone()),
                };
                let img = barcodes::code128::encode_auto(
                    &content_to_encode,
                    bc.barcode.height,
                    bc.width,
                )?;
                (img, display_text)
            }
        };

        let pos = adjust_image_typeset_position(
            &img,
            &bc.position,
            bc.barcode.orientation,
            canvas.height(),
        );
        overlay_with_rotation(canvas, &img, &pos, bc.barcode.orientation);

        if bc.barcode.line {
            draw_barcode_interpretation_line(
                canvas,
                &display_text,
                &pos,
                &img,
                bc.barcode.orientation,
                bc.barcode.line_above,
                bc.width,
                bc.barcode.mode == BarcodeMode::Ean,
                bc.line_alignment,
            );
        }
        Ok(())
    }

    fn draw_barcode_ean13(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_ean13::BarcodeEan13WithData,
    ) -> Result<(), String> {
        let sym = barcodes::ean13::encode(&bc.data, bc.barcode.height, bc.width)?;
        let img = sym.image.clone();
        let pos = adjust_image_typeset_position(
            &img,
            &bc.position,
            bc.barcode.orientation,
            canvas.height(),
        );
        // For 90°/180° rotations the guard extension hangs on the far side of the
        // data block, keeping the data-block origin at the field origin (Labelary).
        let mut bar_pos = pos.clone();
        match bc.barcode.orientation {
            FieldOrientation::Rotated90 => bar_pos.x -= sym.guard_height as i32,
            FieldOrientation::Rotated180 => bar_pos.y -= sym.guard_height as i32,
            _ => {}
        }
        overlay_with_rotation(canvas, &img, &bar_pos, bc.barcode.orientation);

        if bc.barcode.line {
            let mw = bc.width.max(1) as f32;
            let chars: Vec<char> = sym.digits.iter().map(|d| char::from(b'0' + d)).collect();
            // Number-system digit left of the bars; digits 2..7 and 8..13 (incl.
            // check) at a uniform ~6.6-module cadence calibrated off Labelary.
            let mut centers = vec![pos.x as f32 - 6.5 * mw];
            centers.extend((0..6).map(|i| pos.x as f32 + mw * (7.0 + 6.6 * i as f32)));
            centers.extend((0..6).map(|j| pos.x as f32 + mw * (53.2 + 6.6 * j as f32)));
            draw_module_centered_interpretation_line(
                canvas,
                &chars,
                &centers,
                &pos,
                &img,
                bc.barcode.orientation,
                bc.barcode.line_above,
                bc.width,
                sym.image.height() as i32 - sym.guard_height as i32,
            );
        }
        Ok(())
    }

    fn draw_barcode_ean8(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_ean8::BarcodeEan8WithData,
    ) -> Result<(), String> {
        let sym = barcodes::ean8::encode(&bc.data, bc.barcode.height, bc.width)?;
        let img = sym.image.clone();
        let pos = adjust_image_typeset_position(
            &img,
            &bc.position,
            bc.barcode.orientation,
            canvas.height(),
        );
        // 90°/180°: guard hangs on the far side; data origin stays at the field
        // origin (Labelary behavior).
        let mut bar_pos = pos.clone();
        match bc.barcode.orientation {
            FieldOrientation::Rotated90 => bar_pos.x -= sym.guard_height as i32,
            FieldOrientation::Rotated180 => bar_pos.y -= sym.guard_height as i32,
            _ => {}
        }
        overlay_with_rotation(canvas, &img, &bar_pos, bc.barcode.orientation);

        if bc.barcode.line {
            let mw = bc.width.max(1) as f32;
            let chars: Vec<char> = sym.digits.iter().map(|d| char::from(b'0' + d)).collect();
            // Left digits under modules 3..30, right digits under 36..63.
            let centers: Vec<f32> = (0..4)
                .map(|i| pos.x as f32 + mw * (6.5 + 7.0 * i as f32))
                .chain((0..4).map(|j| pos.x as f32 + mw * (39.5 + 7.0 * j as f32)))
                .collect();
            draw_module_centered_interpretation_line(
                canvas,
                &chars,
                &centers,
                &pos,
                &img,
                bc.barcode.orientation,
                bc.barcode.line_above,
                bc.width,
                sym.image.height() as i32 - sym.guard_height as i32,
            );
        }
        Ok(())
    }

    fn draw_barcode_upca(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_upca::BarcodeUcaWithData,
    ) -> Result<(), String> {
        let sym = barcodes::upca::encode(&bc.data, bc.barcode.height, bc.width)?;
        let img = sym.image.clone();
        let pos = adjust_image_typeset_position(
            &img,
            &bc.position,
            bc.barcode.orientation,
            canvas.height(),
        );
        // 90°/180°: guard hangs on the far side; data origin stays at the field
        // origin (Labelary behavior).
        let mut bar_pos = pos.clone();
        match bc.barcode.orientation {
            FieldOrientation::Rotated90 => bar_pos.x -= sym.guard_height as i32,
            FieldOrientation::Rotated180 => bar_pos.y -= sym.guard_height as i32,
            _ => {}
        }
        overlay_with_rotation(canvas, &img, &bar_pos, bc.barcode.orientation);

        if bc.barcode.line {
            let mw = bc.width.max(1) as f32;
            let chars: Vec<char> = sym
                .digits
                .iter()
                .map(|d| char::from(b'0' + d))
                .chain(std::iter::once(char::from(b'0' + sym.check_digit)))
                .collect();
            // Number-system digit left of the bars; M1..M5 under left groups
            // 2..6, P1..P5 under right groups 1..5, check digit right of the
            // end guard (~module 99) — all calibrated against Labelary.
            let mut centers = vec![pos.x as f32 - 9.0 * mw];
            centers.extend((0..5).map(|i| pos.x as f32 + mw * (13.5 + 7.0 * i as f32)));
            centers.extend((0..5).map(|j| pos.x as f32 + mw * (53.5 + 7.0 * j as f32)));
            centers.push(pos.x as f32 + 99.0 * mw);
            draw_module_centered_interpretation_line(
                canvas,
                &chars,
                &centers,
                &pos,
                &img,
                bc.barcode.orientation,
                bc.barcode.line_above,
                bc.width,
                sym.image.height() as i32 - sym.guard_height as i32,
            );
        }
        Ok(())
    }

    fn draw_barcode_upce(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_upce::BarcodeUcpeWithData,
    ) -> Result<(), String> {
        let sym = barcodes::upce::encode(&bc.data, bc.barcode.height, bc.width)?;
        let img = sym.image.clone();
        let pos = adjust_image_typeset_position(
            &img,
            &bc.position,
            bc.barcode.orientation,
            canvas.height(),
        );
        // 90°/180°: guard hangs on the far side; data origin stays at the field
        // origin (Labelary behavior).
        let guard = (img.height() - sym.data_height) as i32;
        let mut bar_pos = pos.clone();
        match bc.barcode.orientation {
            FieldOrientation::Rotated90 => bar_pos.x -= guard,
            FieldOrientation::Rotated180 => bar_pos.y -= guard,
            _ => {}
        }
        overlay_with_rotation(canvas, &img, &bar_pos, bc.barcode.orientation);

        if bc.barcode.line {
            let mw = bc.width.max(1) as f32;
            let mut chars = vec![char::from(b'0' + sym.number_system)];
            chars.extend(sym.digits.iter().map(|d| char::from(b'0' + d)));
            let mut centers = vec![pos.x as f32 - 9.0 * mw];
            centers.extend((0..6).map(|i| pos.x as f32 + mw * (6.5 + 7.0 * i as f32)));
            if bc.barcode.check_digit {
                chars.push(char::from(b'0' + sym.check_digit));
                centers.push(pos.x as f32 + 55.0 * mw);
            }
            draw_module_centered_interpretation_line(
                canvas,
                &chars,
                &centers,
                &pos,
                &img,
                bc.barcode.orientation,
                bc.barcode.line_above,
                bc.width,
                sym.data_height as i32,
            );
        }
        Ok(())
    }

    fn draw_barcode_2of5(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_2of5::Barcode2of5WithData,
    ) -> Result<(), String> {
        let content: String = bc.data.chars().filter(|c| c.is_ascii_digit()).collect();
        let img = barcodes::twooffive::encode(
            &content,
            bc.barcode.height,
            bc.width_ratio,
            bc.width,
            bc.barcode.check_digit,
        )?;
        let pos = adjust_image_typeset_position(
            &img,
            &bc.position,
            bc.barcode.orientation,
            canvas.height(),
        );
        overlay_with_rotation(canvas, &img, &pos, bc.barcode.orientation);

        if bc.barcode.line {
            draw_barcode_interpretation_line(
                canvas,
                &content,
                &pos,
                &img,
                bc.barcode.orientation,
                bc.barcode.line_above,
                bc.width,
                false,
                bc.line_alignment,
            );
        }
        Ok(())
    }

    fn draw_barcode_39(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_39::Barcode39WithData,
    ) -> Result<(), String> {
        let img = barcodes::code39::encode(&bc.data, bc.barcode.height, bc.width_ratio, bc.width)?;
        let pos = adjust_image_typeset_position(
            &img,
            &bc.position,
            bc.barcode.orientation,
            canvas.height(),
        );
        overlay_with_rotation(canvas, &img, &pos, bc.barcode.orientation);

        if bc.barcode.line {
            let display_text = format!("*{}*", bc.data);
            draw_barcode_interpretation_line(
                canvas,
                &display_text,
                &pos,
                &img,
                bc.barcode.orientation,
                bc.barcode.line_above,
                bc.width,
                false,
                bc.line_alignment,
            );
        }
        Ok(())
    }

    fn draw_barcode_pdf417(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_pdf417::BarcodePdf417WithData,
    ) -> Result<(), String> {
        let img = barcodes::pdf417::encode(
            &bc.data,
            bc.barcode.row_height,
            bc.barcode.security,
            bc.barcode.columns,
            bc.barcode.rows,
            bc.barcode.truncate,
            bc.barcode.by_height,
        )?;

        // Scale horizontally by module_width (^BY w parameter)
        let mw = bc.barcode.module_width.max(1) as u32;
        let scaled = if mw > 1 {
            image::imageops::resize(
                &img,
                img.width() * mw,
                img.height(),
                image::imageops::FilterType::Nearest,
            )
        } else {
            img
        };

        let pos = adjust_image_typeset_position(
            &scaled,
            &bc.position,
            bc.barcode.orientation,
            canvas.height(),
        );
        overlay_with_rotation(canvas, &scaled, &pos, bc.barcode.orientation);
        Ok(())
    }

    fn draw_barcode_aztec(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_aztec::BarcodeAztecWithData,
    ) -> Result<(), String> {
        let mag = bc.barcode.magnification.max(1);
        let img = barcodes::aztec::encode(&bc.data, mag, bc.barcode.size)?;
        let pos = adjust_image_typeset_position(
            &img,
            &bc.position,
            bc.barcode.orientation,
            canvas.height(),
        );
        overlay_with_rotation(canvas, &img, &pos, bc.barcode.orientation);
        Ok(())
    }

    fn draw_barcode_datamatrix(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_datamatrix::BarcodeDatamatrixWithData,
    ) -> Result<(), String> {
        // In ZPL, omitted quality is
        // ECC 000, not permission to substitute a different symbology.
        match bc.barcode.quality {
            0 | 50 | 80 | 100 | 140 | 200 => {}
            quality => {
                return Err(crate::error::LabelizeError::Render(format!(
                    "Invalid DataMatrix quality {quality}: expected 0, 50, 80, 100, 140, or 200."
                ))
                .to_string());
            }
        }
        // Skip empty fields, preserving upstream's label-level behavior.
        // Legacy bytes are authoritative even when the display text differs.
        let is_empty = if bc.barcode.quality == 200 {
            bc.data.is_empty()
        } else {
            bc.data_bytes
                .as_deref()
                .unwrap_or(bc.data.as_bytes())
                .is_empty()
        };
        if is_empty {
            return Ok(());
        }
        let scale = bc.barcode.height.max(1);
        let img_raw = if bc.barcode.quality != 200 {
            // Legacy g (ECC 200 escapes) has no effect. Consume preserved field
            // bytes instead of attempting to reverse the display text decoding.
            let input = match bc.data_bytes.as_deref() {
                Some(bytes) => bytes,
                None if bc.data.is_ascii() => bc.data.as_bytes(),
                None => {
                    return Err(
                        "Legacy DataMatrix: non-ASCII data requires explicit data_bytes".into(),
                    )
                }
            };
            // ZD421 CI13/CI27 probes preserve backslashes and pipes after FH.
            // Do not apply the PDF417 substitutions suggested by the BX prose.
            if bc.barcode.ratio
                == Some(crate::elements::barcode_datamatrix::DatamatrixRatio::Rectangular)
            {
                return Err("Legacy DataMatrix: rectangular symbols are not supported".into());
            }
            let format = u8::try_from(bc.barcode.format)
                .map_err(|_| "Legacy DataMatrix: format must be 1 through 6")?;
            let size = barcodes::datamatrix_legacy::legacy_symbol_size(
                bc.barcode.rows,
                bc.barcode.columns,
            )?;
            barcodes::datamatrix_legacy::encode_with_ecc(
                input,
                format,
                bc.barcode.quality as u16,
                size,
            )?
            .to_image(scale as usize, scale as usize)
        } else {
            let image = barcodes::datamatrix::render_field(
                bc.data.as_bytes(),
                scale,
                bc.barcode.rows,
                bc.barcode.columns,
                bc.barcode.escape,
                bc.barcode.ratio,
            )?;
            let Some(image) = image else {
                return Ok(());
            };
            image
        };

        let pos = adjust_image_typeset_position(
            &img_raw,
            &bc.position,
            bc.barcode.orientation,
            canvas.height(),
        );
        overlay_with_rotation(canvas, &img_raw, &pos, bc.barcode.orientation);
        Ok(())
    }

    fn draw_barcode_qr(
        &self,
        canvas: &mut RgbaImage,
        bc: &crate::elements::barcode_qr::BarcodeQrWithData,
        _options: &DrawerOptions,
    ) -> Result<(), String> {
        // Labelary draws nothing for a QR field whose payload is empty
        // (`^FD^FS`, or a prefix-only ^FD like `^FDQA,` that parses to no
        // data) — skip the field instead of failing the whole label.
        if bc.data.is_empty() {
            return Ok(());
        }
        let img =
            barcodes::qrcode::encode(&bc.data, bc.barcode.magnification, bc.error_correction)?;

        let quiet_zone_px = 4 * bc.barcode.magnification;

        let (draw_x, draw_y) = if bc.position.calculate_from_bottom {
            // ^FT baseline positioning: the QR image (including quiet zones) is positioned
            // so that the modules start at y = ^FT_y - img_height + magnification.
            // We shift y by +1 module then subtract quiet_zone_px so modules align correctly.
            let adjusted = LabelPosition {
                y: bc.position.y + bc.barcode.magnification,
                ..bc.position.clone()
            };
            let pos = adjust_image_typeset_position(
                &img,
                &adjusted,
                FieldOrientation::Normal,
                canvas.height(),
            );
            (pos.x - quiet_zone_px, pos.y - quiet_zone_px)
        } else {
            // ^FO origin positioning: modules start at (FO_x, FO_y + by_height).
            // The image (with quiet zone on all sides) is drawn offset so that the
            // quiet zone falls outside the field origin.
            let pos = adjust_image_typeset_position(
                &img,
                &bc.position,
                FieldOrientation::Normal,
                canvas.height(),
            );
            (pos.x - quiet_zone_px, pos.y + bc.height - quiet_zone_px)
        };

        overlay_at(canvas, &img, draw_x, draw_y);
        Ok(())
    }

    fn draw_maxicode(
        &self,
        canvas: &mut RgbaImage,
        mc: &crate::elements::maxicode::MaxicodeWithData,
    ) -> Result<(), String> {
        // Labelary draws nothing for an empty MaxiCode field (^FD^FS) — skip
        // instead of failing the whole label. The encoder keeps rejecting
        // empty input.
        if mc.data.is_empty() {
            return Ok(());
        }
        let img = barcodes::maxicode::encode(&mc.data, mc.code.mode)?;
        let pos = adjust_image_typeset_position(
            &img,
            &mc.position,
            FieldOrientation::Normal,
            canvas.height(),
        );
        overlay_at(canvas, &img, pos.x, pos.y);
        Ok(())
    }
}

/// Effective glyph id for laying out `ch`: Labelary's font 0 blanks the
/// characters in `FONT0_LABELARY_BLANKED` even though the substitute subset
/// carries their outlines, so for font 0 those must take the missing-glyph
/// path (no ink, calibrated advance) exactly like glyphs the subset lacks.
fn effective_glyph_id(font: &FontRef, ch: char, f0: bool) -> ab_glyph::GlyphId {
    let id = font.glyph_id(ch);
    if f0 && crate::tuning::font0_is_labelary_blanked(ch) {
        return ab_glyph::GlyphId(0);
    }
    id
}

/// Font-0 ink calibration for `ch` (issue #78): the substitute's glyph is
/// stretched horizontally and shifted so its pen-relative ink box matches
/// Labelary's measured extents (see `tuning::FONT0_INK_TARGETS`). Returns the
/// stretched `PxScale` for drawing the outline and the pen-space `(dx, dy)`
/// shifts to add to the glyph's position. `None` when the character is not
/// calibrated (or outlines nothing), leaving the glyph untouched.
fn font0_ink_adjust(
    font: &FontRef,
    glyph_id: ab_glyph::GlyphId,
    ch: char,
    scale: PxScale,
    width_ratio: f32,
) -> Option<(PxScale, f32, f32)> {
    use ab_glyph::Font as _;
    let (left_em, width_em, dy_em) = crate::tuning::font0_ink_target(ch)?;
    let probe = glyph_id.with_scale_and_position(scale, ab_glyph::point(0.0, 0.0));
    let probe = font.outline_glyph(probe)?;
    let bb = probe.px_bounds();
    let w0 = bb.width();
    if w0 <= 0.0 || w0.is_nan() {
        return None;
    }
    // Same em scaling as the advance deltas: the targets are calibrated at
    // width == height and must track the hmtx component's ∝(w/h) scaling.
    // The vertical shift follows scale.y only — vertical ink does not scale
    // with the w/h cell ratio.
    let target_w = width_em as f32 * scale.y * width_ratio;
    let target_l = left_em as f32 * scale.y * width_ratio;
    let dy = dy_em as f32 * scale.y;
    let k = (target_w / w0).max(0.1);
    let stretched = PxScale {
        x: scale.x * k,
        y: scale.y,
    };
    let dx = target_l - bb.min.x * k;
    Some((stretched, dx, dy))
}

/// Scale, pen shifts and glyph id for drawing `ch`'s outline in a layout walk:
/// font 0 applies the ink calibration plus the curly-quote shape substitution
/// (Labelary's font-0 substitute draws `'`/`` ` ``/`"` as `’`/`‘`/`“`);
/// every other face draws the glyph untouched. Advances and kerning stay
/// keyed on the original character's metrics either way.
#[inline]
fn outline_placement(
    font: &FontRef,
    glyph_id: ab_glyph::GlyphId,
    ch: char,
    m: SubstMetrics,
    scale: PxScale,
    width_ratio: f32,
) -> (PxScale, f32, f32, ab_glyph::GlyphId) {
    if !m.f0 {
        return (scale, 0.0, 0.0, glyph_id);
    }
    // Substitute the shape FIRST and calibrate against the shape glyph's own
    // outline — stretching by the original char's width would mis-scale the
    // substituted quotes badly (the straight-quote bar is far narrower than
    // the curly glyph that gets drawn).
    let shape_id = font.glyph_id(crate::tuning::font0_shape_glyph(ch));
    let (scale, dx, dy) =
        font0_ink_adjust(font, shape_id, ch, scale, width_ratio).unwrap_or((scale, 0.0, 0.0));
    (scale, dx, dy, shape_id)
}

/// Pen advance for a character the substitute face has no glyph for
/// (`font.glyph_id(c) == GlyphId(0)`). Labelary renders such characters as
/// blank space — no .notdef box — for every substitute font (probed against
/// font 0, font 1 and bitmap font A with CJK field data), while the pen still
/// advances: by the calibrated missing-glyph advance for font 0, and by
/// .notdef's own cell advance for the DejaVu faces, which matches Labelary's
/// one-cell blank to ±1 px.
fn missing_glyph_advance(font: &FontRef, m: SubstMetrics, scale: PxScale, width_ratio: f32) -> f32 {
    use ab_glyph::{Font as _, ScaleFont};
    if m.f0 {
        crate::tuning::FONT0_MISSING_GLYPH_ADVANCE_EM as f32 * scale.y * width_ratio
    } else {
        font.as_scaled(scale).h_advance(ab_glyph::GlyphId(0)) * m.adv_mult
    }
}

fn measure_text_width(text: &str, font: &FontRef, scale: PxScale, m: SubstMetrics) -> f32 {
    use ab_glyph::{Font, ScaleFont};
    let scaled = font.as_scaled(scale);
    // The advance deltas (and the missing-glyph advance) are calibrated in
    // y-scaled em at cells where the width parameter equals the height. The
    // glyph's own hmtx advance scales with scale.x (∝ w/h); the additive
    // deltas must scale with the same width ratio or narrow/wide cells
    // (^A0,60,35 ...) drift per character against Labelary.
    let width_ratio = if m.f0 {
        (scale.x / scale.y) * (crate::tuning::FONT0_CAP_SCALE / crate::tuning::FONT0_RATIO) as f32
    } else {
        1.0
    };
    let mut width = 0.0f32;
    let mut prev = None;
    for ch in text.chars() {
        let glyph_id = effective_glyph_id(font, ch, m.f0);
        if glyph_id == ab_glyph::GlyphId(0) {
            width += missing_glyph_advance(font, m, scale, width_ratio);
            // Nothing is drawn, so no kerning applies on either side —
            // matching imageproc's layout, which only kerns outlined glyphs.
            prev = None;
            continue;
        }
        if let Some(prev_id) = prev {
            width += scaled.kern(prev_id, glyph_id);
        }
        width += scaled.h_advance(glyph_id) * m.adv_mult;
        if m.f0 {
            width += crate::tuning::font0_advance_delta(ch) as f32 * scale.y * width_ratio;
        }
        prev = Some(glyph_id);
    }
    width
}

/// The registered trademark symbol ® (U+00AE) is rendered as a superscript in Zebra's
/// built-in fonts: it appears smaller and top-aligned relative to surrounding text.
/// This scale factor approximates Zebra's built-in glyph size (≈55% of the em height).
const REGISTERED_MARK: char = '\u{00AE}';
const COPYRIGHT_MARK: char = '\u{00A9}';
const REGISTERED_MARK_SCALE: f32 = 0.55;

/// Characters rendered through the superscript path: ® for every face
/// (pre-existing behaviour), and for font 0 also `©` — Labelary's font-0
/// substitute draws both marks the same small size (~0.34 em ink width,
/// probe-verified identical extents), while the Roboto Condensed subset
/// carries © at full glyph size.
fn is_superscript_mark(ch: char, f0: bool) -> bool {
    ch == REGISTERED_MARK || (f0 && ch == COPYRIGHT_MARK)
}

/// Split `text` into `(plain segment, following superscript mark)` pairs; the
/// final segment has no mark. Empty segments occur when the text starts with
/// (or has adjacent) marks — callers skip them.
fn superscript_segments<'a>(
    text: &'a str,
    f0: bool,
) -> impl Iterator<Item = (&'a str, Option<char>)> + 'a {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find(|c: char| is_superscript_mark(c, f0)) {
            Some(i) => {
                let (seg, tail) = rest.split_at(i);
                let mark = tail.chars().next().unwrap();
                rest = &tail[mark.len_utf8()..];
                Some((seg, Some(mark)))
            }
            None => {
                let seg = rest;
                rest = "";
                Some((seg, None))
            }
        }
    })
}

/// Measure text width treating ® (and, for font 0, ©) as superscripts
/// (at REGISTERED_MARK_SCALE of main scale).
fn measure_text_width_with_superscript(
    text: &str,
    font: &FontRef,
    scale: PxScale,
    m: SubstMetrics,
) -> f32 {
    if !text.chars().any(|c| is_superscript_mark(c, m.f0)) {
        return measure_text_width(text, font, scale, m);
    }
    let super_scale = PxScale {
        x: scale.x * REGISTERED_MARK_SCALE,
        y: scale.y * REGISTERED_MARK_SCALE,
    };
    let mut width = 0.0f32;
    for (seg, mark) in superscript_segments(text, m.f0) {
        if !seg.is_empty() {
            width += measure_text_width(seg, font, scale, m);
        }
        if let Some(mark) = mark {
            let mark_str = mark.to_string();
            width += measure_text_width(&mark_str, font, super_scale, m);
        }
    }
    width
}

/// Ink extents of `text` as `draw_text_snapped` lays it out, pen-relative:
/// `(min_x, max_x, max_y)`. Mirrors the draw walk exactly — each glyph is
/// positioned at the pen before its own advance (and kern) are added — so
/// buffer sizes derived from these bounds contain every pixel the draw emits.
/// `px_bounds()` already includes the glyph position, so the horizontal values
/// are absolute against the pen origin; `max_y` is the deepest extent below
/// the glyph's baseline anchor (ab_glyph y grows downward, baseline at 0).
/// Missing glyphs contribute no ink (they render blank) but advance the pen.
/// Returns `(MAX, MIN, MIN)` when nothing outlines (caller checks order).
fn measure_text_ink_bounds(
    text: &str,
    font: &FontRef,
    scale: PxScale,
    m: SubstMetrics,
) -> (f32, f32, f32) {
    use ab_glyph::{Font, ScaleFont};
    let scaled = font.as_scaled(scale);
    let width_ratio = if m.f0 {
        (scale.x / scale.y) * (crate::tuning::FONT0_CAP_SCALE / crate::tuning::FONT0_RATIO) as f32
    } else {
        1.0
    };
    let mut w = 0.0f32;
    let mut prev: Option<ab_glyph::GlyphId> = None;
    let mut min_x = f32::MAX;
    let mut max_x = f32::MIN;
    let mut max_y = f32::MIN;
    for c in text.chars() {
        let glyph_id = effective_glyph_id(font, c, m.f0);
        if glyph_id == ab_glyph::GlyphId(0) {
            w += missing_glyph_advance(font, m, scale, width_ratio);
            prev = None;
            continue;
        }
        // The glyph is positioned at the pen BEFORE its own advance and kern
        // are added — mirror `draw_text_snapped` exactly, including the
        // font-0 ink calibration's stretched scale and pen shifts.
        let (draw_scale, draw_dx, draw_dy, draw_id) =
            outline_placement(font, glyph_id, c, m, scale, width_ratio);
        let glyph =
            draw_id.with_scale_and_position(draw_scale, ab_glyph::point(w + draw_dx, draw_dy));
        w += scaled.h_advance(glyph_id) * m.adv_mult;
        if m.f0 {
            w += crate::tuning::font0_advance_delta(c) as f32 * scale.y * width_ratio;
        }
        if let Some(g) = font.outline_glyph(glyph) {
            if let Some(prev_id) = prev {
                w += scaled.kern(glyph_id, prev_id);
            }
            prev = Some(glyph_id);
            let bb = g.px_bounds();
            min_x = min_x.min(bb.min.x);
            max_x = max_x.max(bb.max.x);
            max_y = max_y.max(bb.max.y);
        }
    }
    (min_x, max_x, max_y)
}

/// Superscript-aware ink bounds, mirroring `draw_text_with_superscript`'s
/// split layout: ® (and, for font 0, ©) renders at REGISTERED_MARK_SCALE and
/// the segments advance the pen by their measured widths.
fn measure_text_ink_bounds_with_superscript(
    text: &str,
    font: &FontRef,
    scale: PxScale,
    m: SubstMetrics,
) -> (f32, f32, f32) {
    if !text.chars().any(|c| is_superscript_mark(c, m.f0)) {
        return measure_text_ink_bounds(text, font, scale, m);
    }
    let super_scale = PxScale {
        x: scale.x * REGISTERED_MARK_SCALE,
        y: scale.y * REGISTERED_MARK_SCALE,
    };
    let mut cx = 0.0f32;
    let mut min_x = f32::MAX;
    let mut max_x = f32::MIN;
    let mut max_y = f32::MIN;
    for (seg, mark) in superscript_segments(text, m.f0) {
        if !seg.is_empty() {
            let (a, b, y) = measure_text_ink_bounds(seg, font, scale, m);
            if a <= b {
                min_x = min_x.min(cx + a);
                max_x = max_x.max(cx + b);
                max_y = max_y.max(y);
            }
            cx += measure_text_width(seg, font, scale, m);
        }
        if let Some(mark) = mark {
            let mark_str = mark.to_string();
            let (a, b, y) = measure_text_ink_bounds(&mark_str, font, super_scale, m);
            if a <= b {
                min_x = min_x.min(cx + a);
                max_x = max_x.max(cx + b);
                max_y = max_y.max(y);
            }
            cx += measure_text_width(&mark_str, font, super_scale, m);
        }
    }
    (min_x, max_x, max_y)
}

/// Conservative per-character ink overhangs for ^FB blocks at `scale`:
/// `(min bb.min.x, max (bb.max.x − corrected advance))` over the characters
/// present in `text`. Line alignment only moves pens right of the block
/// origin, so these bound how far block ink may reach past the origin (left)
/// and past `max_width` (right, via a line-final glyph's overhang).
fn block_ink_overhangs(text: &str, font: &FontRef, scale: PxScale, m: SubstMetrics) -> (f32, f32) {
    use ab_glyph::{Font, ScaleFont};
    let scaled = font.as_scaled(scale);
    let width_ratio = if m.f0 {
        (scale.x / scale.y) * (crate::tuning::FONT0_CAP_SCALE / crate::tuning::FONT0_RATIO) as f32
    } else {
        1.0
    };
    let mut min_lsb = 0.0f32;
    let mut max_over = 0.0f32;
    let mut seen = std::collections::HashSet::new();
    for c in text.chars() {
        if !seen.insert(c) {
            continue;
        }
        let glyph_id = effective_glyph_id(font, c, m.f0);
        if glyph_id == ab_glyph::GlyphId(0) {
            continue;
        }
        let (draw_scale, draw_dx, draw_dy, draw_id) =
            outline_placement(font, glyph_id, c, m, scale, width_ratio);
        let glyph = draw_id.with_scale_and_position(draw_scale, ab_glyph::point(draw_dx, draw_dy));
        let Some(g) = font.outline_glyph(glyph) else {
            continue;
        };
        let bb = g.px_bounds();
        min_lsb = min_lsb.min(bb.min.x);
        let mut adv = scaled.h_advance(glyph_id) * m.adv_mult;
        if m.f0 {
            adv += crate::tuning::font0_advance_delta(c) as f32 * scale.y * width_ratio;
        }
        max_over = max_over.max(bb.max.x - adv);
    }
    (min_lsb, max_over)
}

/// Draw `text` replicating imageproc's `draw_text_mut` layout, with the calibrated
/// vertical offset applied to the pen before glyphs snap to the pixel grid, the
/// font-0 per-character advance corrections folded into the pen advance, and the
/// bitmap-font advance multiplier applied to the substitute's cell advance.
///
/// The font-0 corrections are calibrated for the scalable font 0 and applied only
/// when `m.f0` is set; the bitmap advance multiplier only rescales the pen (glyph
/// rasterization keeps the substitute's own shape width).
///
/// The layout quirks here are deliberate copies of imageproc's `layout_glyphs`
/// (advance added before kerning, kern arguments in `(current, prev)` order, kerning
/// only applied for glyphs that outline), so for a plain `SubstMetrics` this renders
/// exactly what the upstream helper renders.
#[allow(clippy::too_many_arguments)]
fn draw_text_snapped(
    canvas: &mut RgbaImage,
    color: Rgba<u8>,
    x: i32,
    y: i32,
    scale: PxScale,
    font: &FontRef,
    text: &str,
    m: SubstMetrics,
) {
    use ab_glyph::{Font, GlyphId, ScaleFont};

    // Paint an outlined glyph at field origin (x, y) with imageproc's exact
    // alpha-quantisation behaviour (truncating Clamp).
    fn blit(
        canvas: &mut RgbaImage,
        color: Rgba<u8>,
        g: &ab_glyph::OutlinedGlyph,
        x: i32,
        y: i32,
        dedot: bool,
    ) {
        use image::Pixel;
        let (cw, ch) = (canvas.width() as i32, canvas.height() as i32);
        let bb = g.px_bounds();
        let x_shift = x + bb.min.x.round() as i32;
        let y_shift = y + bb.min.y.round() as i32;
        // Which pixels to drop: when de-dotting a bitmap-font zero, ink not
        // connected to the raster border is skipped entirely (see
        // `dedotted_pixels`). Computed once as a coverage grid.
        let dropped = if dedot {
            Some(dedotted_pixels(g))
        } else {
            None
        };
        let raster_w = dropped_w(&bb);
        g.draw(|gx, gy, gv| {
            if let Some(dropped) = &dropped {
                if dropped[(gy as usize) * raster_w + gx as usize] {
                    return;
                }
            }
            let px = gx as i32 + x_shift;
            let py = gy as i32 + y_shift;
            if (0..cw).contains(&px) && (0..ch).contains(&py) {
                let mut pixel = *canvas.get_pixel(px as u32, py as u32);
                let gv = gv.clamp(0.0, 1.0);
                // imageproc's Clamp<f32> for u8 truncates rather than rounds;
                // match it exactly so a zero offset is bit-identical to upstream.
                let a = color[3] as f32 * gv;
                let a = if a < 255.0 {
                    if a > 0.0 {
                        a as u8
                    } else {
                        0
                    }
                } else {
                    255
                };
                let src = Rgba([color[0], color[1], color[2], a]);
                pixel.blend(&src);
                canvas.put_pixel(px as u32, py as u32, pixel);
            }
        });
    }

    let yoff = if m.f0 {
        crate::tuning::TEXT_Y_OFFSET as f32
            + (crate::tuning::TEXT_Y_OFFSET_EM * scale.y as f64) as f32
    } else {
        0.0
    };
    let scaled = font.as_scaled(scale);
    // Same width-ratio scaling as measure_text_width: the additive font-0
    // deltas are calibrated at width == height and must track the hmtx
    // component's ∝(w/h) scaling on cells where the two parameters differ.
    let width_ratio = if m.f0 {
        (scale.x / scale.y) * (crate::tuning::FONT0_CAP_SCALE / crate::tuning::FONT0_RATIO) as f32
    } else {
        1.0
    };

    let mut w = 0.0f32;
    let mut prev: Option<GlyphId> = None;

    for c in text.chars() {
        let glyph_id = effective_glyph_id(font, c, m.f0);
        if glyph_id == ab_glyph::GlyphId(0) {
            // Blank like Labelary: no glyph is drawn and no kerning applies on
            // either side (imageproc only kerns outlined glyphs), but the pen
            // still advances — see `missing_glyph_advance`.
            w += missing_glyph_advance(font, m, scale, width_ratio);
            prev = None;
            continue;
        }
        let (draw_scale, draw_dx, draw_dy, draw_id) =
            outline_placement(font, glyph_id, c, m, scale, width_ratio);
        let glyph = draw_id.with_scale_and_position(
            draw_scale,
            ab_glyph::point(w + draw_dx, scaled.ascent() + yoff + draw_dy),
        );
        w += scaled.h_advance(glyph_id) * m.adv_mult;
        if m.f0 {
            w += crate::tuning::font0_advance_delta(c) as f32 * scale.y * width_ratio;
        }
        if let Some(g) = font.outline_glyph(glyph) {
            if let Some(prev_id) = prev {
                w += scaled.kern(glyph_id, prev_id);
            }
            prev = Some(glyph_id);
            blit(canvas, color, &g, x, y, m.dedot_zero && c == '0');
        }
    }
}

/// Raster width of an outlined glyph's pixel grid (matches `OutlinedGlyph::draw`
/// coordinates, which run `0..ceil(width)`).
fn dropped_w(bb: &ab_glyph::Rect) -> usize {
    (bb.width().ceil() as usize).max(1)
}

/// Ink mask of the glyph raster with interior islands cleared: a flood fill
/// from the raster border marks every ink pixel (coverage above the 1-bit
/// threshold) reachable via 8-connectivity; unreachable ink — the DejaVu
/// substitute's dotted zero's center dot, an island surrounded by the ring's
/// counter — is dropped. Ring strokes always touch the raster border, so a
/// clean zero is returned untouched and small sizes whose dot merges with the
/// ring lose nothing.
fn dedotted_pixels(g: &ab_glyph::OutlinedGlyph) -> Vec<bool> {
    let bb = g.px_bounds();
    let w = dropped_w(&bb);
    let h = (bb.height().ceil() as usize).max(1);
    let mut ink = vec![false; w * h];
    g.draw(|gx, gy, gv| {
        if gv.clamp(0.0, 1.0) > 0.5 {
            ink[gy as usize * w + gx as usize] = true;
        }
    });
    let mut keep = vec![false; w * h];
    let mut queue = std::collections::VecDeque::new();
    let border = (0..w).chain((w * (h - 1))..(w * h));
    for i in border {
        if ink[i] && !keep[i] {
            keep[i] = true;
            queue.push_back(i);
        }
    }
    for r in 0..h {
        for c in [0, w - 1] {
            let i = r * w + c;
            if ink[i] && !keep[i] {
                keep[i] = true;
                queue.push_back(i);
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        let (r, c) = (i / w, i % w);
        for dr in [-1i64, 0, 1] {
            for dc in [-1i64, 0, 1] {
                if (dr == 0 && dc == 0) || !(0..h as i64).contains(&(r as i64 + dr)) {
                    continue;
                }
                let nc = c as i64 + dc;
                if !(0..w as i64).contains(&nc) {
                    continue;
                }
                let n = (r as i64 + dr) as usize * w + nc as usize;
                if ink[n] && !keep[n] {
                    keep[n] = true;
                    queue.push_back(n);
                }
            }
        }
    }
    // The caller skips what this returns: inked but never reached by the
    // border flood — the zero's interior island.
    ink.iter().zip(&keep).map(|(&i, &k)| i && !k).collect()
}

/// Draw text onto `canvas`, rendering ® (and, for font 0, ©) as a top-aligned
/// superscript at REGISTERED_MARK_SCALE.
#[allow(clippy::too_many_arguments)]
fn draw_text_with_superscript(
    canvas: &mut RgbaImage,
    font: &FontRef,
    scale: PxScale,
    color: Rgba<u8>,
    x: f32,
    y: f32,
    text: &str,
    m: SubstMetrics,
) {
    if !text.chars().any(|c| is_superscript_mark(c, m.f0)) {
        draw_text_snapped(canvas, color, x as i32, y as i32, scale, font, text, m);
        return;
    }
    let super_scale = PxScale {
        x: scale.x * REGISTERED_MARK_SCALE,
        y: scale.y * REGISTERED_MARK_SCALE,
    };
    let mut cx = x;
    for (seg, mark) in superscript_segments(text, m.f0) {
        if !seg.is_empty() {
            draw_text_snapped(canvas, color, cx as i32, y as i32, scale, font, seg, m);
            cx += measure_text_width(seg, font, scale, m);
        }
        if let Some(mark) = mark {
            let mark_str = mark.to_string();
            draw_text_snapped(
                canvas,
                color,
                cx as i32,
                y as i32,
                super_scale,
                font,
                &mark_str,
                m,
            );
            cx += measure_text_width(&mark_str, font, super_scale, m);
        }
    }
}

fn word_wrap(
    text: &str,
    font: &FontRef,
    scale: PxScale,
    block: &crate::elements::field_block::FieldBlock,
    m: SubstMetrics,
) -> Vec<String> {
    let max_width = block.max_width as f32;
    let mut lines = Vec::new();
    for line in text.split('\n') {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            lines.push(String::new());
            continue;
        }
        let mut current_line = String::new();
        for word in words {
            if !current_line.is_empty() {
                let test = format!("{} {}", current_line, word);
                if measure_text_width(&test, font, scale, m) <= max_width {
                    current_line = test;
                    continue;
                }
                lines.push(std::mem::take(&mut current_line));
            }
            if block.wrap_long_words && measure_text_width(word, font, scale, m) > max_width {
                for ch in word.chars() {
                    let previous_len = current_line.len();
                    current_line.push(ch);
                    if previous_len > 0
                        && measure_text_width(&current_line, font, scale, m) > max_width
                    {
                        current_line.truncate(previous_len);
                        lines.push(std::mem::take(&mut current_line));
                        current_line.push(ch);
                    }
                }
            } else {
                current_line.push_str(word);
            }
        }
        lines.push(current_line);
    }
    lines
}

#[allow(clippy::too_many_arguments)]
fn draw_text_block(
    canvas: &mut RgbaImage,
    font: &FontRef,
    scale: PxScale,
    line_y_phase: f32,
    color: Rgba<u8>,
    x: f32,
    y: f32,
    block: &crate::elements::field_block::FieldBlock,
    text: &str,
    m: SubstMetrics,
    line_height_factor: f32,
    pen_x_pad: i32,
) {
    let max_width = block.max_width as f32;
    let lines = word_wrap(text, font, scale, block, m);
    let font_size = scale.y;
    let raw_line_height = font_size * line_height_factor + block.line_spacing as f32;
    // Bitmap fonts divide the cap-scaled em back down to the cell height, which
    // lands a float epsilon off an integer pitch; treat that as integral.
    let integral_pitch = (raw_line_height - raw_line_height.round()).abs() < 1e-3;
    let line_height = if integral_pitch {
        raw_line_height.round()
    } else {
        raw_line_height
    };

    let mut cy = y;
    let max_lines = block.max_lines.max(1) as usize;
    // A fractional line pitch (font 1's calibrated 0.7625 factor) accumulates
    // sub-pixel drift on wrapped lines; round those line tops. The first line
    // keeps the raw (truncating) pen — its anchor is already probe-calibrated
    // via bitmap_y_shift, and rounding it shifts single-line fields by 1px.
    let snap_y = |v: f32, first: bool| {
        if first || line_height_factor == 1.0 || integral_pitch {
            v
        } else {
            // Buffered normal fields subtract their integer page origin.
            // Retain its fractional phase when snapping later line tops.
            (v + line_y_phase).round()
        }
    };
    for (i, line) in lines.iter().enumerate() {
        if i >= max_lines && !block.overwrite_last_line {
            break;
        }
        let slot = i.min(max_lines - 1);
        let first = slot == 0;
        let lx = match block.alignment {
            crate::elements::text_alignment::TextAlignment::Center => {
                let lw = measure_text_width(line, font, scale, m);
                x + (block.max_width as f32 - lw) / 2.0
            }
            crate::elements::text_alignment::TextAlignment::Right => {
                let lw = measure_text_width(line, font, scale, m);
                x + block.max_width as f32 - lw
            }
            // Justified (J): every line except the block's last is stretched to
            // the full block width by distributing the slack across the word
            // gaps; the last line stays left-aligned (ZPL ^FB d=J semantics).
            crate::elements::text_alignment::TextAlignment::Justified
                if i + 1 < lines.len().min(max_lines) =>
            {
                draw_justified_line(
                    canvas,
                    font,
                    scale,
                    color,
                    x,
                    snap_y(cy, first),
                    line,
                    m,
                    max_width,
                    pen_x_pad,
                );
                if i + 1 < max_lines {
                    cy += line_height;
                }
                continue;
            }
            _ => x,
        };
        // The rotated-buffer caller passes its left margin as `pen_x_pad`
        // rather than in `x`: the per-line pen must be SNAPPED first and the
        // integer pad added afterwards, or `as i32` truncation of a
        // negative pen that crosses zero inside the padded value shifts one
        // line relative to the others instead of translating them all.
        let pen_x = if pen_x_pad == 0 {
            lx
        } else {
            lx.trunc() + pen_x_pad as f32
        };
        draw_text_with_superscript(
            canvas,
            font,
            scale,
            color,
            pen_x,
            snap_y(cy, first),
            line,
            m,
        );
        if i + 1 < max_lines {
            cy += line_height;
        }
    }
}

/// Draw one ^FB justified line: words at their natural advances with the
/// block's leftover width distributed evenly across the inter-word gaps.
#[allow(clippy::too_many_arguments)]
fn draw_justified_line(
    canvas: &mut RgbaImage,
    font: &FontRef,
    scale: PxScale,
    color: Rgba<u8>,
    x: f32,
    y: f32,
    line: &str,
    m: SubstMetrics,
    max_width: f32,
    pen_x_pad: i32,
) {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() < 2 {
        draw_text_with_superscript(
            canvas,
            font,
            scale,
            color,
            x.round() + pen_x_pad as f32,
            y,
            line,
            m,
        );
        return;
    }
    // Superscript-aware draw and measurement, matching every other text path:
    // a ® inside a justified word must render at REGISTERED_MARK_SCALE and its
    // width must not distort the distributed slack.
    let lw = measure_text_width_with_superscript(line, font, scale, m);
    let space_w = measure_text_width_with_superscript(" ", font, scale, m);
    let extra = (max_width - lw) / (words.len() - 1) as f32;
    let mut cx = x;
    for (k, word) in words.iter().enumerate() {
        // round() commutes with integer shifts, so adding the rotated
        // buffer's pad here stays a pure translation (and matches the
        // normal-path word snapping).
        draw_text_with_superscript(
            canvas,
            font,
            scale,
            color,
            cx.round() + pen_x_pad as f32,
            y,
            word,
            m,
        );
        cx += measure_text_width_with_superscript(word, font, scale, m);
        if k + 1 < words.len() {
            cx += space_w + extra;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn get_text_top_left_pos(
    text: &TextField,
    w: f64,
    h: f64,
    ascent: f64,
    state: &DrawerState,
    line_pitch: f64,
) -> (f64, f64) {
    let (x, y) = state.get_text_position(text);

    if !text.position.calculate_from_bottom {
        // ^FO: position is top-left of the field area. Handle justification parameter.
        let x = match text.alignment {
            crate::elements::field_alignment::FieldAlignment::Right => x - w,
            crate::elements::field_alignment::FieldAlignment::Center => x - w / 2.0,
            _ => x,
        };
        return (x, y);
    }

    // ^FT: position is baseline (bottom-left for Normal).
    // Convert to top-left of the rendering area.
    // Use ascent (not full height) for the baseline-to-top distance of the last line.
    // `line_pitch` is the per-line advance actually drawn (cap-scaled em ×
    // factor + spacing), which differs from the raw height h for font 1.
    let lines = if let Some(ref block) = text.block {
        block.max_lines.max(1) as f64
    } else {
        1.0
    };
    let total_h = ascent + (lines - 1.0) * line_pitch;

    // ZPL spec: ^FT coordinate is "always for the left end of the baseline regardless of rotation".
    // For rotated text, the "baseline left end" rotates with the text.
    // Different rotation directions may need different offset ratios due to font metrics differences
    // between our substitute fonts and Zebra's built-in fonts.
    // Rotated90: text reads bottom-to-top, baseline on right side
    // Rotated270: text reads top-to-bottom, baseline on left side
    let rotated90_offset = h * 0.25; // Smaller offset for Rotated90 (baseline right side)

    // When text is rotated, the baseline concept rotates with it:
    // - Normal: baseline is at the bottom of text, (x,y) is left end of baseline.
    //   We need to shift y up by total_h to get the top-left corner.
    // - Rotated90 (CW 90°): text reads bottom-to-top, baseline is now on the right side.
    //   The (x,y) point is at the top of the rotated text's baseline.
    //   We need to shift x left by ascent (original y-direction becomes x-direction).
    // - Rotated180: baseline is at the top, (x,y) is right end of baseline.
    //   We need to shift x left by text width.
    //   After rotate_180() the text buffer baseline (originally at y≈actual_ascent from top)
    //   ends up at y=(buf_h - 1 - actual_ascent) from the top of the rotated buffer.
    //   buf_h = h.ceil() + 2, so correction = h.ceil() + 1 - ascent.
    //   Subtracting this from y aligns the baseline with the ^FT y coordinate.
    // - Rotated270 (CW 270°): text reads top-to-bottom, baseline is now on the left side.
    //   The (x,y) x-coordinate is the baseline of the LAST line (symmetric with Normal's y).
    //   For multi-line blocks: offset = ascent + (lines-1)*(h+spacing) = total_h.
    //   This mirrors the Normal case where y is shifted by total_h for baseline-to-top distance.
    match text.font.orientation {
        FieldOrientation::Rotated90 => (x - rotated90_offset, y),
        FieldOrientation::Rotated180 => (x - w, y - (h.ceil() + 1.0 - ascent)),
        FieldOrientation::Rotated270 => (x - total_h, y - w),
        _ => (x, y - total_h),
    }
}

fn line_color_to_rgba(color: LineColor) -> Rgba<u8> {
    match color {
        LineColor::Black => Rgba([0, 0, 0, 255]),
        LineColor::White => Rgba([255, 255, 255, 255]),
    }
}

/// Sutherland-Hodgman polygon clipping against an axis-aligned rectangle.
#[allow(dead_code)]
fn clip_polygon_to_rect(
    polygon: &[(f32, f32)],
    min_x: f32,
    min_y: f32,
    max_x: f32,
    max_y: f32,
) -> Vec<(f32, f32)> {
    let mut output = polygon.to_vec();
    // Each edge: (nx, ny, d) where inside = nx*x + ny*y + d >= 0
    let edges: [(f32, f32, f32); 4] = [
        (1.0, 0.0, -min_x),
        (-1.0, 0.0, max_x),
        (0.0, 1.0, -min_y),
        (0.0, -1.0, max_y),
    ];
    for &(nx, ny, d) in &edges {
        if output.is_empty() {
            break;
        }
        let input = std::mem::take(&mut output);
        let n = input.len();
        for i in 0..n {
            let cur = input[i];
            let nxt = input[(i + 1) % n];
            let cur_d = nx * cur.0 + ny * cur.1 + d;
            let nxt_d = nx * nxt.0 + ny * nxt.1 + d;
            if cur_d >= 0.0 {
                output.push(cur);
                if nxt_d < 0.0 {
                    let t = cur_d / (cur_d - nxt_d);
                    output.push((cur.0 + t * (nxt.0 - cur.0), cur.1 + t * (nxt.1 - cur.1)));
                }
            } else if nxt_d >= 0.0 {
                let t = cur_d / (cur_d - nxt_d);
                output.push((cur.0 + t * (nxt.0 - cur.0), cur.1 + t * (nxt.1 - cur.1)));
            }
        }
    }
    output
}

fn draw_filled_rect(canvas: &mut RgbaImage, x: i32, y: i32, w: i32, h: i32, color: Rgba<u8>) {
    for py in y.max(0)..(y + h).min(canvas.height() as i32) {
        for px in x.max(0)..(x + w).min(canvas.width() as i32) {
            canvas.put_pixel(px as u32, py as u32, color);
        }
    }
}

fn element_from_bottom(element: &LabelElement) -> bool {
    match element {
        LabelElement::Text(e) => e.position.from_bottom,
        LabelElement::GraphicBox(e) => e.position.from_bottom,
        LabelElement::GraphicCircle(e) => e.position.from_bottom,
        LabelElement::GraphicEllipse(e) => e.position.from_bottom,
        LabelElement::DiagonalLine(e) => e.position.from_bottom,
        LabelElement::InvertRegion(e) => e.position.from_bottom,
        LabelElement::GraphicField(e) => e.position.from_bottom,
        _ => false,
    }
}

/// Re-anchor a bottom-of-label-origin element in top-down coordinates.
/// Returns `None` when the element is not bottom-anchored (or is drawn
/// from an encoded image, whose true extents only the image typesetter
/// knows).
fn flip_from_bottom(element: &LabelElement, canvas_h: u32) -> Option<LabelElement> {
    fn shift(pos: &mut LabelPosition, height: i32, canvas_h: u32) {
        pos.y = (canvas_h as i32 - pos.y - height).max(0);
        pos.from_bottom = false;
    }
    if !element_from_bottom(element) {
        return None;
    }
    let out = element.clone();
    match out {
        LabelElement::Text(t) => {
            let mut t = t;
            shift(&mut t.position, t.font.height as i32, canvas_h);
            Some(LabelElement::Text(t))
        }
        LabelElement::GraphicBox(g) => {
            let mut g = g;
            shift(&mut g.position, g.height, canvas_h);
            Some(LabelElement::GraphicBox(g))
        }
        LabelElement::GraphicCircle(g) => {
            let mut g = g;
            shift(&mut g.position, g.circle_diameter, canvas_h);
            Some(LabelElement::GraphicCircle(g))
        }
        LabelElement::GraphicEllipse(g) => {
            let mut g = g;
            shift(&mut g.position, g.height, canvas_h);
            Some(LabelElement::GraphicEllipse(g))
        }
        LabelElement::DiagonalLine(g) => {
            let mut g = g;
            shift(&mut g.position, g.height, canvas_h);
            Some(LabelElement::DiagonalLine(g))
        }
        LabelElement::InvertRegion(g) => {
            let mut g = g;
            shift(&mut g.position, g.height, canvas_h);
            Some(LabelElement::InvertRegion(g))
        }
        LabelElement::GraphicField(g) => {
            let mut g = g;
            let rows = if g.row_bytes > 0 {
                (g.total_bytes / g.row_bytes).max(1)
            } else {
                1
            };
            shift(&mut g.position, rows * g.magnification_y.max(1), canvas_h);
            Some(LabelElement::GraphicField(g))
        }
        _ => None,
    }
}

fn adjust_image_typeset_position(
    img: &RgbaImage,
    pos: &LabelPosition,
    ori: FieldOrientation,
    canvas_h: u32,
) -> LabelPosition {
    if pos.from_bottom {
        // Bottom-of-label origin (Datamax-style home): anchor the image's
        // bottom edge at (x, canvas_h - y), then apply the rotation
        // offsets below in top-down coordinates.
        let flipped = LabelPosition {
            x: pos.x,
            y: (canvas_h as i32 - pos.y - img.height() as i32).max(0),
            calculate_from_bottom: pos.calculate_from_bottom,
            automatic_position: pos.automatic_position,
            from_bottom: false,
        };
        return adjust_image_typeset_position(img, &flipped, ori, canvas_h);
    }
    if !pos.calculate_from_bottom {
        return pos.clone();
    }

    let width = img.width() as i32;
    let height = img.height() as i32;
    let mut x = pos.x;
    let mut y = pos.y;

    match ori {
        FieldOrientation::Normal => y = (y - height).max(0),
        FieldOrientation::Rotated180 => x -= width,
        FieldOrientation::Rotated270 => {
            x = (x - height).max(0);
            y -= width;
        }
        _ => {}
    }

    LabelPosition {
        x,
        y,
        calculate_from_bottom: false,
        automatic_position: false,
        from_bottom: false,
    }
}

fn overlay_at(canvas: &mut RgbaImage, img: &RgbaImage, x: i32, y: i32) {
    for iy in 0..img.height() {
        for ix in 0..img.width() {
            let px = x + ix as i32;
            let py = y + iy as i32;
            if px >= 0 && py >= 0 && (px as u32) < canvas.width() && (py as u32) < canvas.height() {
                let pixel = *img.get_pixel(ix, iy);
                if pixel[3] > 0 {
                    let mut dst = *canvas.get_pixel(px as u32, py as u32);
                    // Source-over, not raw copy: rotated text buffers carry real
                    // anti-aliasing coverage in alpha. Stamping (0,0,0,α) here would
                    // leave a near-transparent black pixel that the 1-bit encode
                    // reads as solid black, fattening every rotated glyph stroke.
                    dst.blend(&pixel);
                    canvas.put_pixel(px as u32, py as u32, dst);
                }
            }
        }
    }
}

fn overlay_with_rotation(
    canvas: &mut RgbaImage,
    img: &RgbaImage,
    pos: &LabelPosition,
    orientation: FieldOrientation,
) {
    match orientation {
        FieldOrientation::Normal => {
            overlay_at(canvas, img, pos.x, pos.y);
        }
        FieldOrientation::Rotated90 => {
            let rotated = rotate_90(img);
            overlay_at(canvas, &rotated, pos.x, pos.y);
        }
        FieldOrientation::Rotated180 => {
            let rotated = rotate_180(img);
            overlay_at(canvas, &rotated, pos.x, pos.y);
        }
        FieldOrientation::Rotated270 => {
            let rotated = rotate_270(img);
            overlay_at(canvas, &rotated, pos.x, pos.y);
        }
    }
}

fn rotate_90(img: &RgbaImage) -> RgbaImage {
    let (w, h) = (img.width(), img.height());
    let mut out = RgbaImage::new(h, w);
    for y in 0..h {
        for x in 0..w {
            out.put_pixel(h - 1 - y, x, *img.get_pixel(x, y));
        }
    }
    out
}

fn rotate_180(img: &RgbaImage) -> RgbaImage {
    let (w, h) = (img.width(), img.height());
    let mut out = RgbaImage::new(w, h);
    for y in 0..h {
        for x in 0..w {
            out.put_pixel(w - 1 - x, h - 1 - y, *img.get_pixel(x, y));
        }
    }
    out
}

fn rotate_270(img: &RgbaImage) -> RgbaImage {
    let (w, h) = (img.width(), img.height());
    let mut out = RgbaImage::new(h, w);
    for y in 0..h {
        for x in 0..w {
            out.put_pixel(y, w - 1 - x, *img.get_pixel(x, y));
        }
    }
    out
}

/// Draw a rounded rectangle with border. ZPL corner rounding uses radius
/// computed as (shorter_side/2) * (rounding/8).
#[allow(clippy::too_many_arguments)]
fn draw_rounded_rect(
    canvas: &mut RgbaImage,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    border: i32,
    radius: i32,
    color: Rgba<u8>,
) {
    let r = radius.min(w / 2).min(h / 2).max(0);

    if border >= w || border >= h {
        // Filled rounded rect
        draw_filled_rounded_rect_region(canvas, x, y, w, h, r, color);
    } else {
        // Draw outer rounded rect, then carve out inner
        draw_filled_rounded_rect_region(canvas, x, y, w, h, r, color);
        let inner_r = (r - border).max(0);
        let bg = Rgba([255, 255, 255, 255]);
        draw_filled_rounded_rect_region(
            canvas,
            x + border,
            y + border,
            w - 2 * border,
            h - 2 * border,
            inner_r,
            bg,
        );
    }
}

/// Fill a rounded rectangle region pixel-by-pixel.
fn draw_filled_rounded_rect_region(
    canvas: &mut RgbaImage,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    r: i32,
    color: Rgba<u8>,
) {
    let r_sq = (r as i64) * (r as i64);
    for py in y.max(0)..(y + h).min(canvas.height() as i32) {
        for px in x.max(0)..(x + w).min(canvas.width() as i32) {
            let lx = px - x;
            let ly = py - y;
            // Check if pixel is in a corner region that should be rounded
            let in_corner = if lx < r && ly < r {
                // Top-left corner
                let dx = (r - 1 - lx) as i64;
                let dy = (r - 1 - ly) as i64;
                dx * dx + dy * dy > r_sq
            } else if lx >= w - r && ly < r {
                // Top-right corner
                let dx = (lx - (w - r)) as i64;
                let dy = (r - 1 - ly) as i64;
                dx * dx + dy * dy > r_sq
            } else if lx < r && ly >= h - r {
                // Bottom-left corner
                let dx = (r - 1 - lx) as i64;
                let dy = (ly - (h - r)) as i64;
                dx * dx + dy * dy > r_sq
            } else if lx >= w - r && ly >= h - r {
                // Bottom-right corner
                let dx = (lx - (w - r)) as i64;
                let dy = (ly - (h - r)) as i64;
                dx * dx + dy * dy > r_sq
            } else {
                false
            };
            if !in_corner {
                canvas.put_pixel(px as u32, py as u32, color);
            }
        }
    }
}

/// Draw the human-readable interpretation line below (or above) a barcode.
#[allow(clippy::too_many_arguments)]
fn draw_barcode_interpretation_line(
    canvas: &mut RgbaImage,
    text: &str,
    pos: &LabelPosition,
    barcode_img: &RgbaImage,
    orientation: FieldOrientation,
    line_above: bool,
    module_width: i32,
    ucc_ean_font: bool,
    line_alignment: crate::elements::field_alignment::FieldAlignment,
) {
    // Code 128 mode D (UCC/EAN) uses a larger condensed bold interpretation font,
    // matching Labelary. Reference probe (code128_mode_d_fnc1 at module 2):
    // paren-inclusive ink band ~29px tall, digit pitch ~15.7px. The Roboto
    // substitute renders the paren band at 0.7055 em (hhea-normalized), giving
    // the 20.55×module size; its digit pitch lands within ~13% of Labelary's,
    // absorbed by the centered layout. Other modes use the standard monospace
    // font that scales with module width.
    let (font_data, font_size) = if ucc_ean_font {
        (
            FONT_ZERO,
            (module_width.max(1) as f32 * 20.55).clamp(21.0, 140.0),
        )
    } else {
        (
            FONT_DEJAVU_MONO,
            (module_width.max(1) as f32 * 11.0).clamp(12.0, 72.0),
        )
    };
    let font = match ab_glyph::FontRef::try_from_slice(font_data) {
        Ok(f) => f,
        Err(_) => return,
    };
    // Zebra's interpretation line font scales with the barcode module width.
    // At module_width=2 (default), the standard font is ~23px to match reference width.
    let scale = PxScale {
        x: font_size,
        y: font_size,
    };
    // Where the ink top sits inside the draw buffer, relative to the pen origin
    // ab_glyph uses: the old Helvetica substitute's cap equaled its ascent, so ink
    // started at the
    // buffer top (plus the 4px Labelary line gap); Roboto's cap sits 0.243 em
    // below its ascent, so the offset compensates to keep the same 4px gap.
    let ink_top_off: f32 = if ucc_ean_font {
        4.0 - 0.2429 * font_size
    } else {
        0.0
    };
    let text_y_off: i32 = ink_top_off.round() as i32;

    // Strip control characters (like FNC1 escape) from display text
    let display: String = text
        .chars()
        .filter(|c| !c.is_control() && *c != '\u{00F1}')
        .collect();

    let text_width = measure_text_width(&display, &font, scale, SubstMetrics::PLAIN);
    let bw = barcode_img.width() as i32;
    let bh = barcode_img.height() as i32;

    // Supersampled crisp text: render at 3× then box-filter downsample and threshold.
    // This gives sub-pixel shape accuracy before the binary threshold, producing
    // crisper strokes than direct thresholding of a single-resolution render.
    let render_text_crisp = |w: u32, h: u32| -> RgbaImage {
        const SS: u32 = 3;
        let ss_scale = PxScale {
            x: scale.x * SS as f32,
            y: scale.y * SS as f32,
        };
        let ss_w = (w * SS).max(1);
        let ss_h = (h * SS).max(1);
        let mut big = RgbaImage::from_pixel(ss_w, ss_h, Rgba([0, 0, 0, 0]));
        drawing::draw_text_mut(
            &mut big,
            Rgba([0, 0, 0, 255]),
            0,
            text_y_off * SS as i32,
            ss_scale,
            &font,
            &display,
        );
        // Box-filter downsample: average the SS×SS block's alpha, then threshold at 50%
        let mut out = RgbaImage::from_pixel(w, h, Rgba([0, 0, 0, 0]));
        for y in 0..h {
            for x in 0..w {
                let mut sum = 0u32;
                for dy in 0..SS {
                    for dx in 0..SS {
                        let sx = x * SS + dx;
                        let sy = y * SS + dy;
                        if sx < ss_w && sy < ss_h {
                            sum += big.get_pixel(sx, sy)[3] as u32;
                        }
                    }
                }
                let avg = sum / (SS * SS);
                if avg > 127 {
                    out.put_pixel(x, y, Rgba([0, 0, 0, 255]));
                }
            }
        }
        out
    };

    match orientation {
        FieldOrientation::Normal => {
            // Interpretation lines center on the barcode by default (the
            // ZPL/Labelary calibration); languages with an explicit
            // alignment parameter (TSPL BARCODE) select left/right.
            use crate::elements::field_alignment::FieldAlignment as FA;
            let cx = match line_alignment {
                FA::Left => pos.x,
                FA::Right => pos.x + bw - text_width as i32,
                _ => pos.x + (bw - text_width as i32) / 2,
            };
            let ty = if line_above {
                // ink bottom (4 + 0.706 em of parens/digits) must sit ~2px above
                // the barcode top, mirroring the 4px gap of the below case
                pos.y - (4.0 + 0.706 * font_size) as i32 - 4
            } else {
                pos.y + bh + 2
            };
            let buf_w = (text_width.ceil() as u32).max(1) + 2;
            let buf_h = if ucc_ean_font {
                // ink spans 4px gap + 0.706 em of paren extent
                (4.0 + 0.72 * font_size).ceil() as u32 + 2
            } else {
                font_size.ceil() as u32 + 2
            };
            let buf = render_text_crisp(buf_w, buf_h);
            overlay_at(canvas, &buf, cx, ty);
        }
        _ => {
            // Render text to buffer, rotate to match barcode orientation, then overlay
            let buf_w = (text_width.ceil() as u32).max(1) + 2;
            let buf_h = if ucc_ean_font {
                (4.0 + 0.72 * font_size).ceil() as u32 + 2
            } else {
                font_size.ceil() as u32 + 2
            };
            let buf = render_text_crisp(buf_w, buf_h);

            let rotated = match orientation {
                FieldOrientation::Rotated90 => rotate_90(&buf),
                FieldOrientation::Rotated180 => rotate_180(&buf),
                FieldOrientation::Rotated270 => rotate_270(&buf),
                _ => buf,
            };

            // Position: center text along the barcode edge
            let (tx, ty) = match orientation {
                FieldOrientation::Rotated90 => {
                    let cy = pos.y + (bw - text_width as i32) / 2;
                    if line_above {
                        (pos.x + bh + 2, cy)
                    } else {
                        (pos.x - rotated.width() as i32 - 2, cy)
                    }
                }
                FieldOrientation::Rotated180 => {
                    let cx = pos.x + (bw - text_width as i32) / 2;
                    if line_above {
                        (cx, pos.y + bh + 2)
                    } else {
                        (cx, pos.y - rotated.height() as i32 - 2)
                    }
                }
                FieldOrientation::Rotated270 => {
                    let cy = pos.y + (bw - text_width as i32) / 2;
                    if line_above {
                        (pos.x - rotated.width() as i32 - 2, cy)
                    } else {
                        (pos.x + bh + 2, cy)
                    }
                }
                _ => (0, 0),
            };
            overlay_at(canvas, &rotated, tx, ty);
        }
    }
}

/// Interpretation line for the EAN/UPC family (^B8/^B9/^BU): each digit glyph is
/// centered on its own 7-module group; the UPC-E/UPC-A number-system digit sits
/// left of the start guard and the UPC-E check digit right of the end guard --
/// all calibrated against Labelary renders. The check digit selects digit parity, so it
/// is always encoded even when not printed.
#[allow(clippy::too_many_arguments)]
fn draw_module_centered_interpretation_line(
    canvas: &mut RgbaImage,
    chars: &[char],
    centers: &[f32],
    pos: &LabelPosition,
    barcode_img: &RgbaImage,
    orientation: FieldOrientation,
    line_above: bool,
    module_width: i32,
    data_height: i32,
) {
    let mw = module_width.max(1) as f32;
    // Labelary's UPC-E interpretation font scales 9.5px per module width, capped at
    // ~28.5px (ink height measured 14px at mw=2, 21px at mw>=3).
    let font_size = (9.5 * mw).min(28.5);
    let font = match FontRef::try_from_slice(FONT_DEJAVU_MONO) {
        Ok(f) => f,
        Err(_) => return,
    };
    // Labelary's interpretation font has a larger x-height and narrower advance
    // than DejaVu Sans Mono; stretch non-uniformly to match (calibrated).
    let scale = PxScale {
        x: font_size * 0.67,
        y: font_size * 1.17,
    };

    // Render each glyph crisply (3x supersample + threshold) into its own buffer.
    let render_glyph = |ch: char, w: u32, h: u32| -> RgbaImage {
        const SS: u32 = 3;
        let ss_scale = PxScale {
            x: scale.x * SS as f32,
            y: scale.y * SS as f32,
        };
        let mut big = RgbaImage::from_pixel((w * SS).max(1), (h * SS).max(1), Rgba([0, 0, 0, 0]));
        drawing::draw_text_mut(
            &mut big,
            Rgba([0, 0, 0, 255]),
            0,
            0,
            ss_scale,
            &font,
            &ch.to_string(),
        );
        let mut out = RgbaImage::from_pixel(w.max(1), h.max(1), Rgba([0, 0, 0, 0]));
        for y in 0..h {
            for x in 0..w {
                let mut sum = 0u32;
                for dy in 0..SS {
                    for dx in 0..SS {
                        let sx = x * SS + dx;
                        let sy = y * SS + dy;
                        if sx < big.width() && sy < big.height() {
                            sum += big.get_pixel(sx, sy)[3] as u32;
                        }
                    }
                }
                if sum / (SS * SS) > 127 {
                    out.put_pixel(x, y, Rgba([0, 0, 0, 255]));
                }
            }
        }
        out
    };

    let _buf_w = (font_size.ceil() as u32).max(1) + 2;
    let buf_h = font_size.ceil() as u32 + 2;
    let mut glyphs: Vec<(RgbaImage, f32)> = Vec::with_capacity(chars.len());
    let mut min_x = f32::MAX;
    let mut max_x = f32::MIN;
    for (ch, cx) in chars.iter().zip(centers.iter()) {
        // Measure the glyph's ink width to center it on the module group.
        let tw = measure_text_width(&ch.to_string(), &font, scale, SubstMetrics::PLAIN);
        let w = (tw.ceil() as i32).max(2) as u32;
        let gbuf = render_glyph(*ch, w, buf_h);
        let left = cx - tw / 2.0;
        min_x = min_x.min(left);
        max_x = max_x.max(left + tw);
        glyphs.push((gbuf, left));
    }

    // Strip dimensions and the demo text baseline spacing used by Labelary: glyph
    // top sits 4px below the data bars (6px for the capped 28.5px font).
    let strip_w = (max_x - min_x).ceil() as i32 + 2;
    let mut strip = RgbaImage::from_pixel(strip_w.max(1) as u32, buf_h, Rgba([0, 0, 0, 0]));
    for (gbuf, left) in &glyphs {
        let ox = (left - min_x).round() as i32;
        for y in 0..gbuf.height() {
            for x in 0..gbuf.width() {
                if gbuf.get_pixel(x, y)[3] > 0 {
                    let px = ox + x as i32;
                    if px >= 0 && px < strip.width() as i32 {
                        strip.put_pixel(px as u32, y, Rgba([0, 0, 0, 255]));
                    }
                }
            }
        }
    }

    let bh = barcode_img.height() as i32;
    let top_off: i32 = if font_size > 19.0 { 2 } else { 0 };
    let text_h = buf_h as i32;

    match orientation {
        FieldOrientation::Normal => {
            // Text top sits top_off below the DATA bars, not the guard extension.
            let ty = if line_above {
                pos.y - text_h - 2
            } else {
                pos.y + data_height + top_off
            };
            overlay_at(canvas, &strip, min_x.round() as i32 - 1, ty);
        }
        _ => {
            let rotated = match orientation {
                FieldOrientation::Rotated90 => rotate_90(&strip),
                FieldOrientation::Rotated180 => rotate_180(&strip),
                FieldOrientation::Rotated270 => rotate_270(&strip),
                _ => strip,
            };
            let (tx, ty) = match orientation {
                FieldOrientation::Rotated90 => {
                    let cy = pos.y + (barcode_img.width() as i32 - strip_w) / 2;
                    if line_above {
                        (pos.x + bh + 2, cy)
                    } else {
                        (pos.x - rotated.width() as i32 - 2, cy)
                    }
                }
                FieldOrientation::Rotated180 => {
                    let cx = pos.x + (barcode_img.width() as i32 - strip_w) / 2;
                    if line_above {
                        (cx, pos.y + bh + 2)
                    } else {
                        (cx, pos.y - rotated.height() as i32 - 2)
                    }
                }
                FieldOrientation::Rotated270 => {
                    let cy = pos.y + (barcode_img.width() as i32 - strip_w) / 2;
                    if line_above {
                        (pos.x - rotated.width() as i32 - 2, cy)
                    } else {
                        (pos.x + bh + 2, cy)
                    }
                }
                _ => (0, 0),
            };
            overlay_at(canvas, &rotated, tx, ty);
        }
    }
}
