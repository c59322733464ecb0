#ifndef TOUCHGESTURES_CSDL2_SHIM_H
#define TOUCHGESTURES_CSDL2_SHIM_H
// SDL2 (Debian libsdl2-dev, found through pkg-config `sdl2`): the photo viewer's window,
// renderer, events and surfaces.
#include <SDL.h>
#endif
