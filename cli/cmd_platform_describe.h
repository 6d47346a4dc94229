/* cmd_platform_describe: the platform command's `describe` entry. */
#ifndef CMD_PLATFORM_DESCRIBE_H
#define CMD_PLATFORM_DESCRIBE_H

/* `gridnoc platform describe FILE.xml [--route A B]`. */
int platform_describe_command(int argc, char **argv);

#endif
