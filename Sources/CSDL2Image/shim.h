#ifndef TOUCHGESTURES_CSDL2IMAGE_SHIM_H
#define TOUCHGESTURES_CSDL2IMAGE_SHIM_H
// SDL2_image (Debian libsdl2-image-dev, pkg-config `SDL2_image`): JPEG, PNG, WebP and TIFF
// decoding for the photo viewer, and PNG writing for its screenshots.
#include <SDL_image.h>
#endif
